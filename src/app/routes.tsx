import { redirect, type LoaderFunctionArgs, type RouteObject, type ShouldRevalidateFunctionArgs } from 'react-router'
import {
  CART_PATH_WORDS,
  COMPARE_PATH_WORDS,
  FEED_CALCULATOR_PATH_WORDS,
  ROUGHAGE_RESULT_PATH_WORDS,
} from '../domain/catalogue-paths.ts'
import { accessMiddleware, accountPath, type Access } from './account/access.ts'
import { withAccountArea } from './account/account-frame.tsx'
import { withAccountTexts } from './i18n/account-texts.ts'
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

/** The pages mailed links open (the newsletter's, a back-in-stock reminder's cancel), under every language prefix. */
const MAILED_LINK_PAGES = {
  'newsletter-confirm': { path: 'newsletter/confirm', lazy: () => import('./newsletter/confirm-page.tsx') },
  'newsletter-unsubscribe': { path: 'newsletter/unsubscribe', lazy: () => import('./newsletter/unsubscribe-page.tsx') },
  'stock-reminder-cancel': {
    path: 'stock-reminder/cancel',
    lazy: () => import('./catalogue/reminder-cancel-page.tsx'),
  },
} as const

interface AccountPage {
  /** The path under /account/ ('' for the overview), react-router syntax: 'orders/:orderId?'. */
  path: string
  access: Access
  lazy: () => Promise<object>
  /** A loader of the page's own (a lazy module's loader would be ignored beside the route's static one). */
  loader?: (args: LoaderFunctionArgs) => unknown
}

/**
 * The account area (spec §2), by route name: the signed-in pages in the account layout, keeping their scroll
 * position, and the signed-out ones (login, register …) in the default layout. Guarded by `access` (account/access.ts).
 */
const ACCOUNT_PAGES: Record<string, AccountPage> = {
  account: { path: '', access: 'signedIn', lazy: () => import('./account/overview-page.tsx') },
  // `information`'s action names the form that is open (account/information-page.tsx).
  information: {
    path: 'information/:action?',
    access: 'signedIn',
    lazy: () => import('./account/information-page.tsx'),
  },
  'account-orders': { path: 'orders/:orderId?', access: 'signedIn', lazy: () => import('./account/orders-page.tsx') },
  'account-invoices': { path: 'invoices', access: 'signedIn', lazy: () => import('./account/invoices-page.tsx') },
  login: { path: 'login', access: 'signedOut', lazy: () => import('./account/login-page.tsx') },
  register: { path: 'register', access: 'signedOut', lazy: () => import('./account/register-page.tsx') },
  'account-password-forgot': {
    path: 'forgot',
    access: 'signedOut',
    lazy: () => import('./account/forgot-page.tsx'),
  },
  // Reset and confirm need the token and account of their mailed link (spec §2, §5).
  'account-password-reset': {
    path: 'reset',
    access: 'signedOut',
    lazy: () => import('./account/reset-page.tsx'),
    loader: requireLinkQuery((prefix) => accountPath(prefix)),
  },
  'resend-confirmation': {
    path: 'resend-confirmation',
    access: 'signedOut',
    lazy: () => import('./account/resend-confirmation-page.tsx'),
  },
  'account-confirm': {
    path: 'confirm',
    access: 'signedOut',
    lazy: () => import('./account/confirm-page.tsx'),
    loader: requireLinkQuery((prefix) => (prefix ? `/${prefix}/` : '/')),
  },
  'account-subscriptions': {
    path: 'subscriptions',
    access: 'signedIn',
    lazy: () => import('./account/subscriptions-page.tsx'),
  },
  'account-returns': {
    path: 'returns/:productVariantId?',
    access: 'signedIn',
    lazy: () => import('./account/returns-page.tsx'),
  },
  'account-reviews': { path: 'reviews', access: 'signedIn', lazy: () => import('./account/reviews-page.tsx') },
  'account-rqs-results': {
    path: 'rqs-results',
    access: 'signedIn',
    lazy: () => import('./account/rqs-results-page.tsx'),
  },
}

/**
 * The route tree, shared by the server (createStaticHandler) and the browser (createBrowserRouter). Pages are lazy:
 * each is its own chunk, loaded for the first page before hydration and on demand after. With `words`, the app's own
 * pages are there under those path words only (a site's languages', `appPageWordsOf`): the browser starts with those,
 * since matching over every language's words was the longest part of its start on a slow phone (start.tsx).
 */
export function routesFor(words?: ReadonlySet<string>): RouteObject[] {
  const appPage: typeof appPageUnder = (routeName, all, lazy, options) =>
    appPageUnder(routeName, words ? all.filter((word) => words.has(word)) : all, lazy, options)
  return [
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
        // The feed calculator: every language's path word opens it on every site. Its texts come with the later part of
        // the texts (kept for offline use), its feeds with its loader; changing the form (the query) loads nothing.
        ...appPage('feed-calculator', FEED_CALCULATOR_PATH_WORDS, () => import('./advice/feed-calculator-page.tsx'), {
          load: async (args) => (await import('./advice/feed-calculator.data.ts')).loadFeedCalculator(args),
          shouldRevalidate: keepDataForQuery,
          laterTexts: true,
        }),
        // The dealer finder (spec §2: /store-locator/ on every site); a search only changes the address.
        ...appPage('dealer', ['store-locator'], () => import('./dealers/dealer-finder-page.tsx'), {
          load: async (args) => (await import('./dealers/dealer-finder.data.ts')).loadDealerFinder(args),
          shouldRevalidate: keepDataForQuery,
          laterTexts: true,
        }),
        // A roughage scan's result by the key of its mailed link (the routing kind 'roughage result by key').
        ...appPage('roughage-result', ROUGHAGE_RESULT_PATH_WORDS, () => import('./advice/roughage-result-page.tsx'), {
          subPath: ':scanType/:key',
          load: async (args) => (await import('./advice/roughage-result.data.ts')).loadRoughageResult(args),
          laterTexts: true,
          alternates: false,
        }),
        // The checkout, in its own layout, under every language prefix: /checkout/ starts at billing.
        ...checkoutPages(),
        // The account area, under every language prefix.
        ...accountPages(),
        // The confirmation and unsubscribe links of the newsletter's mails.
        ...mailedLinkPages(),
        {
          id: 'dynamic',
          path: '*',
          handle: { routeName: 'dynamic' },
          lazy: () => import('./content/dynamic.route.tsx'),
        },
      ],
    },
  ]
}

/** The whole tree: every language's words. */
export const routes = routesFor()

interface AppPageOptions {
  /** The page's data, after the trailing-slash check. */
  load?: (args: LoaderFunctionArgs) => Promise<unknown>
  shouldRevalidate?: RouteObject['shouldRevalidate']
  /** The page shows texts of the later part (routes' `withAccountTexts`). */
  laterTexts?: boolean
  /** Segments after the word ('/:scanType/:key'). */
  subPath?: string
  /** false: a page of one visitor, with no counterpart elsewhere (the switcher leads to each site's home page). */
  alternates?: false
}

/** A page whose address holds its form (the calculator, the dealer search): a new query loads nothing again. */
function keepDataForQuery({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // The same address again is a revalidation (a kept page's data fetched afresh, see start.tsx), not a search.
  if (currentUrl.pathname === nextUrl.pathname && currentUrl.search === nextUrl.search) return defaultShouldRevalidate
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate
}

/** A page of the app's own under each of its path words, with or without a language prefix ('/fr/panier/'). */
function appPageUnder(
  routeName: string,
  words: readonly string[],
  lazy: () => Promise<object>,
  { load, shouldRevalidate, laterTexts = false, subPath, alternates }: AppPageOptions = {},
): RouteObject[] {
  return words.flatMap((word) =>
    [word, `:language/${word}`].map((base) => {
      const path = subPath ? `${base}/${subPath}` : base
      const route = {
        id: `${routeName}:${path}`,
        path,
        handle: { routeName, ...(alternates === false && { alternates }) },
        loader: load ? (args: LoaderFunctionArgs) => strictTrailingSlash(args) ?? load(args) : strictTrailingSlash,
        ...(shouldRevalidate && { shouldRevalidate }),
        lazy,
      }
      return laterTexts ? withAccountTexts(route) : route
    }),
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
    ...Object.entries(CHECKOUT_PAGES).map(([step, lazy]) =>
      withAccountTexts({
        id: `checkout-${step}:${base}`,
        path: `${base}/${step}`,
        handle: { routeName: `checkout-${step}`, layout: 'checkout' },
        loader: strictTrailingSlash,
        lazy,
      }),
    ),
    // Forgotten password and its reset, inside the checkout: the reset link of the mail comes back here.
    withAccountTexts({
      id: `checkout-forgot:${base}`,
      path: `${base}/forgot`,
      handle: { routeName: 'checkout-forgot', layout: 'checkout' },
      loader: strictTrailingSlash,
      lazy: () => import('./checkout/forgot-page.tsx'),
    }),
    withAccountTexts({
      id: `checkout-reset:${base}`,
      path: `${base}/reset`,
      handle: { routeName: 'checkout-reset', layout: 'checkout' },
      loader: (args: LoaderFunctionArgs) =>
        strictTrailingSlash(args) ??
        requireLinkQuery((prefix) => (prefix ? `/${prefix}/checkout/` : '/checkout/'))(args),
      lazy: () => import('./checkout/reset-page.tsx'),
    }),
  ])
}

function accountPages(): RouteObject[] {
  return ['account', ':language/account'].flatMap((base) =>
    Object.entries(ACCOUNT_PAGES).map(([routeName, page]): RouteObject =>
      withAccountTexts({
        id: `${routeName}:${base}`,
        path: page.path ? `${base}/${page.path}` : base,
        handle: {
          routeName,
          access: page.access,
          ...(page.access === 'signedIn' && { layout: 'account', keepScroll: true }),
        },
        middleware: [accessMiddleware(page.access)],
        loader: (args: LoaderFunctionArgs) => strictTrailingSlash(args) ?? page.loader?.(args) ?? null,
        lazy: page.access === 'signedIn' ? withAccountArea(page.lazy) : page.lazy,
      }),
    ),
  )
}

function mailedLinkPages(): RouteObject[] {
  return Object.entries(MAILED_LINK_PAGES).flatMap(([routeName, { path, lazy }]) =>
    [path, `:language/${path}`].map((full) => ({
      id: `${routeName}:${full}`,
      path: full,
      handle: { routeName },
      loader: strictTrailingSlash,
      lazy,
    })),
  )
}

/** A page opened from a mailed link needs its `token` and `userId`; without them it sends to `elsewhere`. */
function requireLinkQuery(elsewhere: (prefix: string) => string) {
  return ({ request, params }: LoaderFunctionArgs) => {
    const query = new URL(request.url).searchParams
    if (!query.get('token') || !query.get('userId')) throw redirect(elsewhere(params.language ?? ''), 302)
    return null
  }
}

/** Every route ends with '/' (strict trailing slashes); the dynamic route gets this from the routing API, app routes check it here. */
function strictTrailingSlash({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  if (!url.pathname.endsWith('/')) throw redirect(`${url.pathname}/${url.search}`, 301)
  return null
}
