// The catalogue pages' chunk. The dynamic route renders it; whoever needs a catalogue page loads it first (the loader,
// start-up before hydration), so the page renders in place: on the server inside the first HTML, not streamed after
// the footer and swapped in (a layout shift), and in the browser without a moment of empty page.
import type * as CatalogueView from './catalogue-view.tsx'

type CatalogueViewModule = typeof CatalogueView

let loaded: CatalogueViewModule | undefined

export const loadCatalogueView = (): Promise<CatalogueViewModule> =>
  import('./catalogue-view.tsx').then((module) => (loaded = module))

/** The chunk when it is loaded, else undefined (then its parts are loaded lazily). */
export const loadedCatalogueView = () => loaded

/**
 * Whether a page's data renders with this chunk: a catalogue page, or a content page offering products. Then the
 * server preloads it for the page and the browser loads it before hydrating, so it never suspends.
 */
export function rendersCatalogueView(dynamicData: unknown): boolean {
  const data = dynamicData as { kind?: string; offers?: Record<string, unknown> } | undefined
  return data?.kind === 'catalogue' || (data?.kind === 'contentPage' && Object.keys(data.offers ?? {}).length > 0)
}
