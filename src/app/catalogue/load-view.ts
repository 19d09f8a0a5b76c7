// The catalogue pages' chunk. The dynamic route renders it; whoever needs a catalogue page loads it first (the loader,
// start-up before hydration), so the page renders in place: on the server inside the first HTML, not streamed after
// the footer and swapped in (a layout shift), and in the browser without a moment of empty page.
import type * as CatalogueView from './catalogue-view.tsx'

type CatalogueViewModule = typeof CatalogueView

let loaded: CatalogueViewModule | undefined

export const loadCatalogueView = (): Promise<CatalogueViewModule> =>
  import('./catalogue-view.tsx').then((module) => (loaded = module))

/** The view when its chunk is loaded, else undefined (then the route falls back to loading it lazily). */
export const loadedCatalogueView = () => loaded?.default
