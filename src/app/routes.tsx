import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router'
import { CART_PATH_WORDS, COMPARE_PATH_WORDS } from '../domain/catalogue-paths.ts'
import { rootLoader, rootShouldRevalidate, scopeMiddleware } from './root/root.data.ts'
import { Root, RootErrorBoundary } from './root/root.tsx'

/**
 * The checkout's steps (spec §2): each its own chunk, gated by the cart it holds (src/domain/checkout.ts). Defined
 * before the route tree, which reads it as the module loads.
 */
const CHECKOUT_PAGES = {
  billing: () => import('./checkout/billing-page.tsx'),
  login: () => import('./checkout/login-page.tsx'),
  delivery: () => import('./checkout/delivery-page.tsx'),
  payment: () => import('./checkout/payment-page.tsx'),
  complete: () => import('./checkout/complete-page.tsx'),
} as const

/**
 * The account area's pages (spec §2): each its own chunk, under every language prefix, in the account layout; the
 * handle's `access` says who may see them (the layout's guard sends others to login, or signed-in visitors away
 * from the signed-out pages).
 */
const ACCOUNT_PAGES: Record<string, { path: string; access: 'signedIn' | 'signedOut'; lazy: () => Promise<object> }> = {
  'account-reviews': { path: 'reviews', access: 'signedIn', lazy: () => import('./account/reviews-page.tsx') },
  'account-rqs-results': {
    path: 'rqs-results',
    access: 'signedIn',
    lazy: () => import('./account/rqs-results-page.tsx'),
  },
}

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
      { id: 'home', index: true, handle: { routeName: 'home' }, lazy: () => import('./content/dynamic.route.tsx') },
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
      // The comparison: every language's path word opens the same screen, on every site.
      ...appPage('compare', COMPARE_PATH_WORDS, () => import('./catalogue/compare-page.tsx')),
      // The cart: every language's path word, and /cart/, open it on every site.
      ...appPage('cart', CART_PATH_WORDS, () => import('./cart/cart-page.tsx')),
      // The checkout, in its own layout, under every language prefix: /checkout/ starts at billing.
      ...checkoutPages(),
      ...accountPages(),
      {
        id: 'dynamic',
        path: '*',
        handle: { routeName: 'dynamic' },
        lazy: () => import('./content/dynamic.route.tsx'),
      },
    ],
  },
]

/** A page of the app's own under each of its path words, with or without a language prefix ('/fr/panier/'). */
function appPage(routeName: string, words: readonly string[], lazy: () => Promise<object>): RouteObject[] {
  return words.flatMap((word) =>
    [word, `:language/${word}`].map((path) => ({
      id: `${routeName}:${path}`,
      path,
      handle: { routeName },
      loader: strictTrailingSlash,
      lazy,
    })),
  )
}

function checkoutPages(): RouteObject[] {
  return ['checkout', ':language/checkout'].flatMap((base): RouteObject[] => [
    {
      id: `checkout:${base}`,
      path: base,
      handle: { routeName: 'checkout', layout: 'checkout' },
      loader: ({ request }) => {
        const url = new URL(request.url)
        const path = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`
        throw redirect(`${path}billing/${url.search}`, 302)
      },
    },
    ...Object.entries(CHECKOUT_PAGES).map(([step, lazy]) => ({
      id: `checkout-${step}:${base}`,
      path: `${base}/${step}`,
      handle: { routeName: `checkout-${step}`, layout: 'checkout' },
      loader: strictTrailingSlash,
      lazy,
    })),
  ])
}

function accountPages(): RouteObject[] {
  return ['account', ':language/account'].flatMap((base) =>
    Object.entries(ACCOUNT_PAGES).map(([routeName, page]) => ({
      id: `${routeName}:${base}`,
      path: `${base}/${page.path}`,
      handle: { routeName, layout: 'account', access: page.access },
      loader: strictTrailingSlash,
      lazy: page.lazy,
    })),
  )
}

/** Every route ends with '/' (strict trailing slashes); the dynamic route gets this from the routing API, app routes check it here. */
function strictTrailingSlash({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  if (!url.pathname.endsWith('/')) throw redirect(`${url.pathname}/${url.search}`, 301)
  return null
}
