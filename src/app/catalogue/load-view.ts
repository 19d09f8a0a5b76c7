/** The catalogue pages' chunk; the dynamic route renders it lazily and start-up loads it early for a first page. */
export const loadCatalogueView = () => import('./catalogue-view.tsx')
