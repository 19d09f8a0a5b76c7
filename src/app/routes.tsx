import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router'
import { COMPARE_PATH_WORDS } from '../domain/catalogue-paths.ts'
import { rootLoader, rootShouldRevalidate, scopeMiddleware } from './root/root.data.ts'
import { Root, RootErrorBoundary } from './root/root.tsx'

// The route tree, shared by the server (createStaticHandler) and the browser (createBrowserRouter). Pages are lazy:
// each is its own chunk, loaded for the first page before hydration and on demand after.
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    middleware: [scopeMiddleware],
    loader: rootLoader,
    shouldRevalidate: rootShouldRevalidate,
    Component: Root,
    ErrorBoundary: RootErrorBoundary,
    children: [
      // The home page is a content page like any other, resolved by the routing API; an index route because '/'
      // would otherwise match the root route alone.
      { id: 'home', index: true, handle: { routeName: 'home' }, lazy: () => import('./dynamic/dynamic.route.tsx') },
      // The offline page of each language, kept by the service worker (see sw/sw.ts).
      {
        id: 'offline',
        path: 'offline',
        handle: { routeName: 'offline' },
        lazy: () => import('./pwa/offline-page.tsx'),
      },
      {
        id: 'offline-language',
        path: ':language/offline',
        handle: { routeName: 'offline' },
        lazy: () => import('./pwa/offline-page.tsx'),
      },
      // The comparison (SPEC §2): every language's path word opens the same screen, on every site.
      ...COMPARE_PATH_WORDS.flatMap((word) =>
        [word, `:language/${word}`].map((path): RouteObject => ({
          id: `compare:${path}`,
          path,
          handle: { routeName: 'compare' },
          loader: strictTrailingSlash,
          lazy: () => import('./catalogue/compare-page.tsx'),
        })),
      ),
      // The cart (SPEC §2: /cart/), in every language of the site.
      ...['cart', ':language/cart'].map((path): RouteObject => ({
        id: `cart:${path}`,
        path,
        handle: { routeName: 'cart' },
        loader: strictTrailingSlash,
        lazy: () => import('./cart/cart-page.tsx'),
      })),
      {
        id: 'dynamic',
        path: '*',
        handle: { routeName: 'dynamic' },
        lazy: () => import('./dynamic/dynamic.route.tsx'),
      },
    ],
  },
]

/** SPEC §2: every route ends with '/'; the dynamic route gets this from the routing API, app routes check it here. */
function strictTrailingSlash({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  if (!url.pathname.endsWith('/')) throw redirect(`${url.pathname}/${url.search}`, 301)
  return null
}
