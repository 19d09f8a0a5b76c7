import type { RouteObject } from 'react-router'
import { rootLoader, rootShouldRevalidate } from './root/root.data.ts'
import { Root, RootErrorBoundary } from './root/root.tsx'

// The route tree, shared by the server (createStaticHandler) and the browser (createBrowserRouter). Pages are lazy:
// each is its own chunk, loaded for the first page before hydration and on demand after.
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
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
      {
        id: 'dynamic',
        path: '*',
        handle: { routeName: 'dynamic' },
        lazy: () => import('./dynamic/dynamic.route.tsx'),
      },
    ],
  },
]
