// The catalogue pages' chunks: the product lists' (catalogue-view.tsx, with the products a content page offers) and
// the product page's (product-view.tsx), each with its own parts; what both show (cards, prices, stars) is a third
// chunk they share (src/server/render/chunk-groups.ts). A category's first page does not carry the product page's
// reviews, specifications and reminder form, nor a product's first page the filters.
// The dynamic route renders them; whoever needs a catalogue page loads its view first (the loader, start-up before
// hydration), so the page renders in place: on the server inside the first HTML, not streamed after the footer and
// swapped in (a layout shift), and in the browser without a moment of empty page.
import type * as ListView from './catalogue-view.tsx'
import type * as ProductView from './product-view.tsx'

type ListViewModule = typeof ListView
type ProductViewModule = typeof ProductView

let list: ListViewModule | undefined
let product: ProductViewModule | undefined

/** The product lists' view, with the product offers of content pages. */
export const loadCatalogueView = (): Promise<ListViewModule> =>
  import('./catalogue-view.tsx').then((module) => (list = module))
export const loadProductView = (): Promise<ProductViewModule> =>
  import('./product-view.tsx').then((module) => (product = module))

/** Both views, for a catalogue page whose kind is not known yet (the loader asks for its data at the same time). */
export const loadCatalogueViews = () => Promise.all([loadCatalogueView(), loadProductView()])

/** The chunk of the product lists when it is loaded, else undefined (then its parts are loaded lazily). */
export const loadedCatalogueView = () => list

/** The product page's chunk when it is loaded, else undefined (then it is loaded lazily). */
export const loadedProductView = () => product

/** The view modules by the source file the build's manifest names them by (the server preloads a page's). */
export const CATALOGUE_VIEW_MODULES = {
  list: 'src/app/catalogue/catalogue-view.tsx',
  product: 'src/app/catalogue/product-view.tsx',
} as const

/**
 * Which view a page's data renders with: a product page's, or the lists' for a product list or a content page
 * offering products; none for other pages. The server preloads it for the page and the browser loads it before
 * hydrating, so it never suspends.
 */
export function catalogueViewOf(dynamicData: unknown): keyof typeof CATALOGUE_VIEW_MODULES | null {
  const data = dynamicData as { kind?: string; data?: { kind?: string }; offers?: Record<string, unknown> } | undefined
  if (data?.kind === 'catalogue') return data.data?.kind === 'product' ? 'product' : 'list'
  return data?.kind === 'contentPage' && Object.keys(data.offers ?? {}).length > 0 ? 'list' : null
}

/** Loads the view a page's data renders with, if any (catalogueViewOf). */
export const loadViewOf = (dynamicData: unknown) => {
  const view = catalogueViewOf(dynamicData)
  return view === 'product' ? loadProductView() : view === 'list' ? loadCatalogueView() : undefined
}
