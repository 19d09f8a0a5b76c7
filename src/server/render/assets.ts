// Reads the browser build's manifest (dist/client/.vite/manifest.json) into what a page needs: the entry module,
// its stylesheets, and the modules to preload for a page (its route chunks and its language's texts).
import { readFileSync } from 'node:fs'
import { z } from 'zod'
import type { PageAssets } from '../../app/entry.server.tsx'

const ManifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    isEntry: z.boolean().optional(),
    imports: z.array(z.string()).optional(),
    css: z.array(z.string()).optional(),
  }),
)
type Manifest = z.infer<typeof ManifestSchema>

/** Route ids with a lazy module of their own, by source file. */
const ROUTE_MODULES: Record<string, string> = {
  dynamic: 'src/app/dynamic/dynamic.route.tsx',
  home: 'src/app/dynamic/dynamic.route.tsx',
  offline: 'src/app/pwa/offline-page.tsx',
  'offline-language': 'src/app/pwa/offline-page.tsx',
}
const ENTRY = 'src/app/entry.client.tsx'

export function pageAssets(manifest: Manifest): PageAssets {
  const entry = manifest[ENTRY]
  if (!entry) throw new Error(`The client build has no ${ENTRY}; run npm run build`)
  const closure = (key: string, into = new Set<string>()): Set<string> => {
    const chunk = manifest[key]
    if (!chunk || into.has(chunk.file)) return into
    into.add(chunk.file)
    for (const imported of chunk.imports ?? []) closure(imported, into)
    return into
  }
  const entryModules = closure(ENTRY)
  const cache = new Map<string, string[]>()
  return {
    entry: `/${entry.file}`,
    css: (entry.css ?? []).map((file) => `/${file}`),
    modulesFor(routeIds, language) {
      const key = `${routeIds.join()}|${language}`
      let modules = cache.get(key)
      if (!modules) {
        const files = new Set(entryModules)
        for (const id of routeIds) if (ROUTE_MODULES[id]) closure(ROUTE_MODULES[id], files)
        closure(`locales/${language}.json`, files)
        modules = [...files].map((file) => `/${file}`)
        cache.set(key, modules)
      }
      return modules
    },
  }
}

export function readPageAssets(clientDir: URL): PageAssets {
  const text = readFileSync(new URL('.vite/manifest.json', clientDir), 'utf8')
  const assets = pageAssets(ManifestSchema.parse(JSON.parse(text)))
  const cssText = assets.css.map((href) => readFileSync(new URL(`.${href}`, clientDir), 'utf8')).join('\n')
  return { ...assets, cssText }
}
