import type { Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { defineConfig } from 'vitest/config'
import { intlDataFor } from './src/domain/intl-data-all.ts'
import { LANGUAGE_CODES } from './src/domain/language-codes.ts'
import { TEXT_PARTS, textsPart } from './src/domain/text-parts.ts'
import { CHUNK_GROUPS } from './src/server/render/chunk-groups.ts'

/**
 * A language's texts in the browser: `locales/nl.json?part=first` and `?part=account` (src/domain/text-parts.ts),
 * each without the texts only the server uses (its mails' words). Plain imports (the server's, the tests') keep all.
 * A language's first part also carries, as `intl`, what the shop reads off Intl for that language
 * (src/domain/intl-data.ts): the tables of all 15 were 0.8 KB (gzip) of every first page's script and 1.4 KB more of a
 * catalogue page's.
 */
const textParts = (): Plugin => ({
  name: 'text-parts',
  enforce: 'pre',
  transform(code, id) {
    const match = /\/locales\/((?:[^/]+\/)?)([^/?]+)\.json\?part=(\w+)$/.exec(id)
    if (!match) return null
    const [, folder, name, partName] = match
    const part = TEXT_PARTS.find((known) => known === partName)
    if (!part) throw new Error(`Unknown text part in ${id}`)
    // A module of its own (Vite's JSON plugin leaves an import with a query alone); JSON.parse of a string is the
    // quickest way for a browser to read a large object.
    const texts = JSON.stringify(textsPart(JSON.parse(code) as Record<string, unknown>, part))
    const language = LANGUAGE_CODES.find((known) => known === name)
    const intl =
      part === 'first' && !folder && language
        ? `\nexport const intl = JSON.parse(${JSON.stringify(JSON.stringify(intlDataFor(language)))})`
        : ''
    return { code: `export default JSON.parse(${JSON.stringify(texts)})${intl}`, map: null }
  },
})

// Two builds and the tests:
// - `vite build`: the browser app (src/app/entry.client.tsx) into dist/client, with the service worker (sw/sw.ts,
//   injectManifest) and a manifest of its files for the server.
// - `vite build --ssr src/app/entry.server.tsx`: the server renderer into dist/server, loaded by src/server.
// - Vitest: `node` for the server and the pure domain, `jsdom` for browser code.
export default defineConfig(({ isSsrBuild }) => ({
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
            // first page needs is the entry with the two steps of the start it imports (React, then the app's
            // start), then zod, the content route, the catalogue's view, the cart page, the device's database and the
            // checkout: one chunk each with what they bring, in that order (src/server/render/chunk-groups.ts). A
            // catalogue page is seven files (entry, runtime, the start's two, these two, its texts) where it was two
            // dozen. A group named by a folder (ending in '/') takes every module in it. Priorities count down to 1:
            // the bundler reads them unsigned, so a negative one would come before the shell.
            codeSplitting: {
              groups: [
                {
                  name: 'shell',
                  tags: ['$initial'],
                  test: (id) => !id.includes('/locales/'),
                  priority: Object.keys(CHUNK_GROUPS).length + 1,
                },
                ...Object.entries(CHUNK_GROUPS).map(([name, modules], index, all) => ({
                  name,
                  test: (id: string) =>
                    [modules]
                      .flat()
                      .some((module) => (module.endsWith('/') ? id.includes(`/${module}`) : id.endsWith(`/${module}`))),
                  priority: all.length - index,
                })),
              ],
            },
          },
        },
      },
  plugins: isSsrBuild
    ? []
    : [
        textParts(),
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
            'tests/helpers/**/*.test.ts',
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
