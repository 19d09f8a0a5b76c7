import type { Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { defineConfig } from 'vitest/config'
import { CHUNK_GROUPS } from './src/server/render/chunk-groups.ts'

/** Texts only the server uses (its mails' words): the browser's language chunks leave them out. */
const SERVER_ONLY_TEXTS = ['mail']
const browserTexts = (): Plugin => ({
  name: 'browser-texts',
  enforce: 'pre',
  transform(code, id) {
    if (!/\/locales\/(?:[^/]+\/)?[^/]+\.json$/.test(id)) return null
    const texts = JSON.parse(code) as Record<string, unknown>
    for (const key of SERVER_ONLY_TEXTS) delete texts[key]
    return { code: JSON.stringify(texts), map: null }
  },
})

// Two builds and the tests:
// - `vite build`: the browser app (src/app/entry.client.tsx) into dist/client, with the service worker (sw/sw.ts,
//   injectManifest) and a manifest of its files for the server.
// - `vite build --ssr src/app/entry.server.tsx`: the server renderer into dist/server, loaded by src/server.
// - Vitest: `node` for the server and the pure domain, `jsdom` for browser code.
export default defineConfig(({ isSsrBuild, command }) => ({
  oxc: { jsx: { runtime: 'automatic' } },
  publicDir: 'public',
  build: isSsrBuild
    ? { outDir: 'dist/server', emptyOutDir: true, copyPublicDir: false, target: 'node24' }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        target: 'es2022',
        assetsInlineLimit: 0,
        rolldownOptions: {
          input: 'src/app/entry.client.tsx',
          output: {
            // Each language's texts are a chunk of their own, named so the service worker can leave them out of
            // the precache (a visitor only ever needs one or two languages).
            chunkFileNames: (chunk) =>
              chunk.facadeModuleId?.includes('/locales/')
                ? 'assets/locale-[name]-[hash].js'
                : 'assets/[name]-[hash].js',
            // Few files on a slow line: at 400 ms a round trip, each file of the first page costs a request, and
            // automatic chunking made one per module shared with a later page (40 for the home page). What every
            // first page needs goes into one chunk with the entry.
            // The content route and the catalogue's view are one chunk each with what they bring, the route's first
            // (src/server/render/chunk-groups.ts): a catalogue page is five files (entry, runtime, these two, its
            // texts) where it was two dozen.
            codeSplitting: {
              groups: [
                { name: 'shell', tags: ['$initial'], test: (id) => !id.includes('/locales/'), priority: 3 },
                ...Object.entries(CHUNK_GROUPS).map(([name, module], index) => ({
                  name,
                  test: (id: string) => id.endsWith(`/${module}`),
                  priority: 2 - index,
                })),
              ],
            },
          },
        },
      },
  plugins: isSsrBuild
    ? []
    : [
        // (The browser's build only: the tests read every text, the mails' too.)
        ...(command === 'build' ? [browserTexts()] : []),
        VitePWA({
          strategies: 'injectManifest',
          srcDir: 'sw',
          filename: 'sw.ts',
          injectRegister: false, // src/app/pwa/update.ts registers it with workbox-window
          manifest: false, // each site serves its own manifest (src/server/render/web-manifest.ts)
          injectManifest: {
            globDirectory: 'dist/client',
            // Brand icons are not precached: a site needs only its own, and the browser fetches those from the manifest.
            globPatterns: ['assets/*.{js,css}'],
            globIgnores: ['assets/locale-*', 'icons/source/**'],
            rollupFormat: 'es',
          },
        }),
      ],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'src/server/**/*.test.ts',
            'src/domain/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/integration/**/*.test.ts',
          ],
          // Route tests open real databases; keep files in separate workers but not too many on two cores.
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'jsdom',
          environment: 'jsdom',
          include: ['src/app/**/*.test.{ts,tsx}', 'src/browser/**/*.test.ts', 'sw/**/*.test.ts'],
        },
      },
    ],
  },
}))
