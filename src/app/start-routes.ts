// The route tree the browser starts with. Matching the first page against the whole tree, with the app pages' path
// words of all 15 languages (about 150 branches, each compiled to a pattern), was the longest step of the start on a
// slow phone. A site needs the words of its own languages: the browser starts with those, and takes the rest in when
// a page asks for one (every language's word opens its page on every site).
import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router'
import { appPageWordsOf, namesOtherAppWord } from '../domain/catalogue-paths.ts'
import type { LanguageCode } from '../domain/language-codes.ts'
import { routesFor } from './routes.tsx'

export interface StartingRoutes {
  routes: RouteObject[]
  /** For createBrowserRouter: brings in the other languages' words when a navigation names one. */
  patchRoutesOnNavigation?: PatchRoutesOnNavigationFunction
}

const hasRoute = (routes: readonly RouteObject[], id: string): boolean =>
  routes.some((route) => route.id === id || hasRoute(route.children ?? [], id))

/**
 * The routes for a site in `languages` (none known: the whole tree). `serverRouteIds` are the routes the server
 * rendered the page with (its hydration data's keys): a page it opened under another language's word hydrates with
 * the whole tree, so its first render matches the server's.
 */
export function startingRoutes(
  languages: readonly LanguageCode[] | undefined,
  serverRouteIds: readonly string[],
): StartingRoutes {
  if (!languages) return { routes: routesFor() }
  const words = appPageWordsOf(languages)
  const routes = routesFor(words)
  if (!serverRouteIds.every((id) => hasRoute(routes, id))) return { routes: routesFor() }
  let patched = false
  return {
    routes,
    patchRoutesOnNavigation: ({ path, patch }) => {
      if (patched || !namesOtherAppWord(path, words)) return
      patched = true
      const present = new Set(routes[0]!.children!.map((route) => route.id))
      patch(
        'root',
        routesFor()[0]!.children!.filter((route) => !present.has(route.id)),
      )
    },
  }
}
