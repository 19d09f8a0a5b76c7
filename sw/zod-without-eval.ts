// Imported first by sw.ts: zod reads its configuration from this global when it loads. Without it zod tries
// `new Function` to compile its object parsers, which the worker's policy (no 'unsafe-eval') refuses and reports.
Reflect.set(globalThis, '__zod_globalConfig', { jitless: true })
