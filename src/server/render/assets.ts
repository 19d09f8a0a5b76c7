// Reads the browser build's manifest (dist/client/.vite/manifest.json) into what a page needs: the entry module,
// its stylesheets, and the modules to preload for a page (its route chunks and its language's texts).
import { readFileSync } from 'node:fs'
import { z } from 'zod'
import type { PageAssets } from '../../app/entry.server.tsx'
import { textPartQuery } from '../../domain/text-parts.ts'
import { CHUNK_GROUPS } from './chunk-groups.ts'

const ManifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    name: z.string().optional(),
    isEntry: z.boolean().optional(),
    imports: z.array(z.string()).optional(),
    dynamicImports: z.array(z.string()).optional(),
    css: z.array(z.string()).optional(),
  }),
)
type Manifest = z.infer<typeof ManifestSchema>

/** Route ids with a lazy module of their own, by source file (app pages by the name before the path: 'cart:…'). */
const ROUTE_MODULES: Record<string, string> = {
  dynamic: 'src/app/content/dynamic.route.tsx',
  home: 'src/app/content/dynamic.route.tsx',
  offline: 'src/app/pwa/offline-page.tsx',
  'offline-language': 'src/app/pwa/offline-page.tsx',
  compare: 'src/app/catalogue/compare-page.tsx',
  cart: 'src/app/cart/cart-page.tsx',
  'feed-calculator': 'src/app/advice/feed-calculator-page.tsx',
  'roughage-result': 'src/app/advice/roughage-result-page.tsx',
  dealer: 'src/app/dealers/dealer-finder-page.tsx',
  'checkout-billing': 'src/app/checkout/billing-page.tsx',
  'checkout-login': 'src/app/checkout/login-page.tsx',
  'checkout-delivery': 'src/app/checkout/delivery-page.tsx',
  'checkout-payment': 'src/app/checkout/payment-page.tsx',
  'checkout-complete': 'src/app/checkout/complete-page.tsx',
  'checkout-forgot': 'src/app/checkout/forgot-page.tsx',
  'checkout-reset': 'src/app/checkout/reset-page.tsx',
  account: 'src/app/account/overview-page.tsx',
  login: 'src/app/account/login-page.tsx',
  register: 'src/app/account/register-page.tsx',
  'account-password-forgot': 'src/app/account/forgot-page.tsx',
  'account-password-reset': 'src/app/account/reset-page.tsx',
  'resend-confirmation': 'src/app/account/resend-confirmation-page.tsx',
  'account-confirm': 'src/app/account/confirm-page.tsx',
}
const routeModule = (id: string) => ROUTE_MODULES[id] ?? ROUTE_MODULES[id.split(':')[0]!]
/** The group of a module the build puts in a chunk named after the group (chunk-groups.ts). */
const GROUPED = new Map<string, string>(
  Object.entries(CHUNK_GROUPS).flatMap(([group, modules]) =>
    [modules].flat().map((module) => [module, group] as const),
  ),
)
const ENTRY = 'src/app/entry.client.tsx'

export function pageAssets(manifest: Manifest, readCss?: (file: string) => string): PageAssets {
  const entry = manifest[ENTRY]
  if (!entry) throw new Error(`The client build has no ${ENTRY}; run npm run build`)
  const keyOf = (module: string) => {
    const group = GROUPED.get(module)
    if (manifest[module] || !group) return module
    return Object.keys(manifest).find((key) => key.startsWith('_') && manifest[key]!.name === group) ?? module
  }
  /** The chunks a module loads, its own first: their files and their stylesheets. */
  const closure = (key: string, into = { files: new Set<string>(), css: new Set<string>() }) => {
    const chunk = manifest[keyOf(key)]
    if (!chunk || into.files.has(chunk.file)) return into
    into.files.add(chunk.file)
    for (const file of chunk.css ?? []) into.css.add(file)
    for (const imported of chunk.imports ?? []) closure(imported, into)
    return into
  }
  // The entry and the steps of the start it imports (entry.client.tsx): every page needs them at once.
  const entryChunks = closure(ENTRY)
  for (const step of entry.dynamicImports ?? []) closure(step, entryChunks)
  const pageChunks = (routeIds: string[], views: string[]) => {
    const chunks = { files: new Set(entryChunks.files), css: new Set(entryChunks.css) }
    for (const id of routeIds) {
      const module = routeModule(id)
      if (module) closure(module, chunks)
    }
    for (const view of views) closure(view, chunks)
    return chunks
  }
  const modules = new Map<string, string[]>()
  const styles = new Map<string, { href: string; text: string | undefined }[]>()
  return {
    entry: `/${entry.file}`,
    css: (entry.css ?? []).map((file) => `/${file}`),
    modulesFor(routeIds, language, views = [], textParts = ['first']) {
      const key = `${routeIds.join()}|${views.join()}|${language}|${textParts.join()}`
      let found = modules.get(key)
      if (!found) {
        const { files } = pageChunks(routeIds, views)
        for (const part of textParts)
          closure(`locales/${language}.json${textPartQuery(part)}`, { files, css: new Set() })
        found = [...files].map((file) => `/${file}`)
        modules.set(key, found)
      }
      return found
    },
    stylesFor(routeIds, views = []) {
      const key = `${routeIds.join()}|${views.join()}`
      let found = styles.get(key)
      if (!found) {
        // Beyond the entry's (inline in every page): the stylesheets of the page's own chunks, inline too when read.
        found = [...pageChunks(routeIds, views).css]
          .filter((file) => !entryChunks.css.has(file))
          .map((file) => ({ href: `/${file}`, text: readCss?.(file) }))
        styles.set(key, found)
      }
      return found
    },
  }
}

export function readPageAssets(clientDir: URL): PageAssets {
  const text = readFileSync(new URL('.vite/manifest.json', clientDir), 'utf8')
  const assets = pageAssets(ManifestSchema.parse(JSON.parse(text)), (file) =>
    readFileSync(new URL(file, clientDir), 'utf8'),
  )
  const cssText = assets.css.map((href) => readFileSync(new URL(`.${href}`, clientDir), 'utf8')).join('\n')
  return { ...assets, cssText }
}
