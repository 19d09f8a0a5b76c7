// The browser's start-up (entry.client.tsx loads it), in this order: the server-provided state is there; the request
// scope and locale come from it; texts, API and router are set up; ids are kept; the app hydrates once the router is
// ready; tracking, conversion and page context start after mount (see root.tsx).
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import { getDefaultStore } from 'jotai'
import { createBrowserRouter, matchRoutes, RouterContextProvider } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { chooseLocale, type Locale } from '../domain/locale.ts'
import { API_VERSION_HEADER } from '../domain/version.ts'
import { createShopApi } from './api/shop-api.ts'
import { fetchTransport } from '../browser/transport.ts'
import { loadBundle } from './i18n/bundles.client.ts'
import { createI18n, textsOf } from './i18n/i18n.ts'
import { accountTextsOf, provideAccountTexts } from './i18n/account-texts.ts'
import { loadViewOf } from './catalogue/load-view.ts'
import { loadArticleView, rendersArticleView } from './content/load-article-view.ts'
import { restoreDrafts } from './pwa/drafts.ts'
import { offlinePathFor } from '../domain/paths.ts'
import { isKeptPage } from '../domain/kept-pages.ts'
import { checkApiVersion, askWhetherKeptPageChanged, registerServiceWorker } from './pwa/update.ts'
import type { RootData } from './root/root.data.ts'
import { servicesContext, type AppServices } from './router-context.ts'
import { startingRoutes } from './start-routes.ts'
import { ACCOUNT_STATE_GLOBAL, accountAtom, type AccountState } from './account/account-state.ts'
import { ServicesProvider } from './services.tsx'
import { persistScope } from './scope-storage.ts'
import { nextTask, whenIdle } from './when-idle.ts'

declare global {
  interface Window {
    __staticRouterHydrationData?: { loaderData?: Record<string, unknown>; errors?: Record<string, unknown> | null }
    [ACCOUNT_STATE_GLOBAL]?: AccountState
  }
}

/** The offline page standing in for another URL: the service worker's answer for a page it has no copy of. */
function isOfflineStandIn(matches: ReturnType<typeof matchRoutes>): boolean {
  if (!document.querySelector('meta[name="page-kind"][content="offline"]')) return false
  return !matches?.some((match) => match.route.id?.startsWith('offline'))
}

// Each step of the start is a task of its own (nextTask between them): none is long enough to keep a slow phone from
// answering a tap.
export async function start() {
  performance.mark('shop:start')
  const hydration = window.__staticRouterHydrationData
  const rootData = hydration?.loaderData?.root as RootData | undefined
  const { routes, patchRoutesOnNavigation } = startingRoutes(
    rootData?.site.languages.map((language) => language.code),
    [...Object.keys(hydration?.loaderData ?? {}), ...Object.keys(hydration?.errors ?? {})],
  )
  // An offline stand-in hydrates as the offline page it is (at that page's own path), then the app moves to the URL
  // asked for: catalogue pages render from the device's copy, anything else keeps saying "offline".
  let standInFor: string | null = null
  let matches = matchRoutes(routes, window.location)
  if (isOfflineStandIn(matches)) {
    standInFor = window.location.pathname + window.location.search + window.location.hash
    window.history.replaceState(window.history.state, '', offlinePathFor(window.location.pathname))
    matches = matchRoutes(routes, window.location)
  }
  await nextTask()
  const locale: Locale = rootData?.locale ?? chooseLocale('equivera', 'en', 'en')
  const i18n = createI18n(await loadBundle(locale))
  // The account part of the texts: for the account area and the checkout (routes.tsx), and for every language the shop
  // switches to once a page needed it.
  const accountTexts = accountTextsOf(i18n, locale, (of) => loadBundle(of, 'account'))
  provideAccountTexts(accountTexts.all)
  await nextTask()

  const transport = fetchTransport('', (headers) => checkApiVersion(headers.get(API_VERSION_HEADER)))
  const services: AppServices = {
    api: createShopApi(transport, () => services.scope),
    visitorCountry: rootData?.visitorCountry ?? null,
    scope: rootData
      ? { siteId: rootData.site.siteId, languageId: rootData.language.languageId, language: rootData.language.code }
      : null,
    domainSite: rootData ? { siteId: rootData.site.siteId, languages: rootData.site.languages } : null,
    async prepareLocale(next) {
      if (i18n.hasResourceBundle(next.language, 'translation')) return
      i18n.addResourceBundle(next.language, 'translation', textsOf(await loadBundle(next)), true, true)
      await accountTexts.switchedTo(next)
    },
  }
  if (rootData) persistScope({ siteId: rootData.site.siteId, languageId: rootData.language.languageId })
  // A page of the account area comes with the account state the server rendered it with: the first render matches.
  const accountState = window[ACCOUNT_STATE_GLOBAL]
  if (accountState) {
    getDefaultStore().set(accountAtom, accountState)
    delete window[ACCOUNT_STATE_GLOBAL]
  }

  // Lazy routes of the first page are loaded before hydration, so the first render matches the server's HTML.
  const lazyMatches = matches?.filter((match) => match.route.lazy) ?? []
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const module = await (route.lazy as () => Promise<object>)()
      Object.assign(route, { ...module, lazy: undefined })
    }),
  )

  // A catalogue page's own chunk too, so its part of the page hydrates at once.
  await loadViewOf(window.__staticRouterHydrationData?.loaderData?.dynamic)?.catch(() => undefined)
  if (rendersArticleView(window.__staticRouterHydrationData?.loaderData?.dynamic))
    await loadArticleView().catch(() => undefined)

  await nextTask()
  const router = createBrowserRouter(routes, {
    patchRoutesOnNavigation,
    getContext: () => {
      const context = new RouterContextProvider()
      context.set(servicesContext, services)
      return context
    },
  })

  await nextTask()
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread for
  // the whole page: a tap during start-up is answered, and no long task blocks a slow phone.
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <ServicesProvider services={services}>
            <RouterProvider router={router} />
          </ServicesProvider>
        </I18nextProvider>
      </StrictMode>,
    )
  })
  if (standInFor) void router.navigate(standInFor, { replace: true })
  // A page the service worker answered from its copy (sw/sw.ts) may be hours old. Once the page is idle the app asks
  // the worker whether the network's copy differs; if so the page's data is fetched afresh, so prices, stock and
  // content become the server's. Unchanged, or offline, the page stays as it is and costs no request.
  else if (isKeptPage(performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined))
    whenIdle(() => {
      void askWhetherKeptPageChanged().then(async (changed) => {
        if (changed) await router.revalidate()
      })
    })
  registerServiceWorker()
  requestAnimationFrame(() => restoreDrafts())
  // Kept for later (and by the service worker, for offline): the account part, once the page is idle.
  whenIdle(() => void accountTexts.add(locale).catch(() => undefined), 5000)
}
