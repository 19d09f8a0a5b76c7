// Server rendering: run the loaders for the request (createStaticHandler), then stream the document with
// react-dom/server. Redirects and statuses come from the loaders (404 for not found, 301/302 for redirects,
// 500 for errors). The hydration data goes into the page for the browser to start from.
import { PassThrough, type Readable } from 'node:stream'
import { StrictMode } from 'react'
import { preinit } from 'react-dom'
import { renderToPipeableStream } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { createStore, Provider as JotaiProvider } from 'jotai'
import {
  createStaticHandler,
  matchRoutes,
  createStaticRouter,
  isRouteErrorResponse,
  RouterContextProvider,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router'
import { chooseLocale } from '../domain/locale.ts'
import { accessRedirect, prefixOf, type AccessHandle } from './account/access.ts'
import { needsAccountTexts } from './i18n/account-texts.ts'
import { ACCOUNT_AREA_MODULE } from './account/account-frame.tsx'
import type { LayoutHandle } from './frame/frame.tsx'
import type { TextPart } from '../domain/text-parts.ts'
import { ACCOUNT_STATE_GLOBAL, accountAtom, fetchAccountState, UNKNOWN } from './account/account-state.ts'
import { createShopApi } from './api/shop-api.ts'
import { CATALOGUE_VIEW_MODULES, catalogueViewOf } from './catalogue/load-view.ts'
import { rendersArticleView } from './content/load-article-view.ts'
import type { Transport } from '../browser/transport.ts'
import { bundleOf } from './i18n/bundles.server.ts'
import { createI18n } from './i18n/i18n.ts'
import { ScriptNonce } from './root/offline-mark.ts'
import { resolveScope, type RootData } from './root/root.data.ts'
import { servicesContext, type AppServices } from './router-context.ts'
import { routes } from './routes.tsx'
import { ServicesProvider } from './services.tsx'
import { scriptJson, startScript } from './start-script.ts'

export interface PageAssets {
  /** The entry module, started by the bootstrap script after the first paint (start-script.ts). */
  entry: string
  /** Stylesheets of the entry. */
  css: string[]
  /** Their text, put inline in the page: a few KB that would otherwise cost a render-blocking round trip. */
  cssText?: string
  /**
   * Modules the first page needs, the entry first (its bootstrap script imports the first): the entry's imports, the
   * page's route chunks, the views it renders with (source paths, e.g. the catalogue's) and its language's texts:
   * their first part, and the account part for the pages that need it (src/domain/text-parts.ts).
   */
  modulesFor(routeIds: string[], language: string, views?: string[], textParts?: readonly TextPart[]): string[]
  /** Stylesheets of the page's own chunks beyond the entry's, with their text to put inline where read. */
  stylesFor(routeIds: string[], views?: string[]): { href: string; text: string | undefined }[]
}

export interface RenderOptions {
  transport: Transport
  visitorCountry: string | null
  assets: PageAssets
  /** The answer's Content-Security-Policy nonce, put on every inline script and style the page has. */
  nonce?: string
  /** Whether the answer's policy lets the tag manager load (the site has one and the visitor consented). */
  tagManager?: boolean
}

export type RenderResult =
  | { type: 'response'; response: Response }
  | {
      type: 'stream'
      status: number
      headers: Headers
      body: Readable
      /** The page depends on who asks (the account area): never kept or shared, by anyone. */
      personal: boolean
    }

const handler = createStaticHandler(routes)

/** The advice, blog, news and partner pages' view (see content/load-article-view.ts). */
const ARTICLE_VIEW = 'src/app/content/article-view.tsx'

/** Tells the app this page's policy allows the tag manager (see tracking/tag-manager.ts). */
const TAG_MANAGER_ALLOWED = 'window.tagManagerAllowed = true;'

/**
 * zod compiles object parsers with `new Function` where it may, and finds out by trying: under the page's policy (no
 * 'unsafe-eval') every try is reported as a violation. Its configuration is read from this global when zod loads,
 * before any module of the app runs, whatever the order of the build's chunks.
 */
const ZOD_WITHOUT_EVAL = 'globalThis.__zod_globalConfig = { jitless: true };'

/** Hydration data as React Router's own StaticRouterProvider writes it, errors made serialisable. */
export function hydrationScript(context: StaticHandlerContext): string {
  const errors = context.errors
    ? Object.fromEntries(
        Object.entries(context.errors).map(([id, error]) => [
          id,
          isRouteErrorResponse(error)
            ? { ...error, __type: 'RouteErrorResponse' }
            : error instanceof Error
              ? { message: error.message, __type: 'Error' }
              : error,
        ]),
      )
    : null
  const json = JSON.stringify(
    JSON.stringify({ loaderData: context.loaderData, actionData: context.actionData, errors }),
  )
  return `window.__staticRouterHydrationData = JSON.parse(${json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)});`
}

export async function render(request: Request, options: RenderOptions): Promise<RenderResult> {
  const services: AppServices = {
    api: createShopApi(options.transport, () => services.scope),
    visitorCountry: options.visitorCountry,
    prepareLocale: async () => undefined,
    scope: null,
    domainSite: null,
  }
  // The static handler runs no middleware unless asked to answer with a Response; the scope is set here instead.
  await resolveScope(services, new URL(request.url), request.signal)
  // Who may see the page (account/access.ts), asked with the visitor's session cookie: the browser's guard runs
  // only on its own navigations. A page that asked is personal, and so is a redirect it answers with.
  const url = new URL(request.url)
  const matches = matchRoutes(routes, url) ?? []
  const guarded = matches.findLast((match) => (match.route.handle as AccessHandle | undefined)?.access)
  const access = (guarded?.route.handle as AccessHandle | undefined)?.access
  const accountState = access ? await fetchAccountState(services.api, request.signal) : UNKNOWN
  if (access && guarded) {
    const to = accessRedirect(access, accountState, url, prefixOf(guarded.params))
    if (to) {
      const headers = { location: to, 'cache-control': 'no-store' }
      return { type: 'response', response: new Response(null, { status: 302, headers }) }
    }
  }
  // A store of this request's own: jotai's default store is shared by every request the server renders.
  const store = createStore()
  store.set(accountAtom, accountState)

  const requestContext = new RouterContextProvider()
  requestContext.set(servicesContext, services)
  const context = await handler.query(request, { requestContext })
  if (context instanceof Response) {
    if (access) context.headers.set('cache-control', 'no-store')
    return { type: 'response', response: context }
  }

  const rootData = context.loaderData.root as RootData | undefined
  const locale = rootData?.locale ?? chooseLocale('equivera', 'en', 'en')
  const i18n = createI18n(bundleOf(locale), bundleOf(locale, 'fallback'))
  const router = createStaticRouter(handler.dataRoutes, context)
  const { assets } = options
  const routeIds = context.matches.map((match) => match.route.id)
  // A catalogue page (or a page offering products) renders with a catalogue view, its own chunk and styles.
  const catalogueView = catalogueViewOf(context.loaderData.dynamic)
  const views: string[] = catalogueView ? [CATALOGUE_VIEW_MODULES[catalogueView]] : []
  if (rendersArticleView(context.loaderData.dynamic)) views.push(ARTICLE_VIEW)
  // A page of the account area renders in its frame, a chunk (and styles) of its own.
  if (context.matches.some((match) => (match.route.handle as LayoutHandle | undefined)?.layout === 'account'))
    views.push(ACCOUNT_AREA_MODULE)

  // The page's modules, the entry first: preloaded by the bootstrap script after the first paint (startScript).
  const textParts: TextPart[] = needsAccountTexts(context.matches) ? ['first', 'account'] : ['first']
  const modules = assets.modulesFor(routeIds, locale.language, views, textParts)

  function Assets() {
    const pageStyles = assets.stylesFor(routeIds, views)
    for (const { href, text } of pageStyles)
      if (text === undefined) preinit(href, { as: 'style', precedence: 'default' })
    if (assets.cssText === undefined) {
      for (const href of assets.css) preinit(href, { as: 'style', precedence: 'default' })
      return null
    }
    return (
      <>
        {/* React hoists a style into the head only when it carries the render's style nonce. */}
        <style href="app-styles" precedence="default" nonce={options.nonce}>
          {assets.cssText}
        </style>
        {pageStyles.map(
          ({ href, text }) =>
            text !== undefined && (
              <style key={href} href={href} precedence="default" nonce={options.nonce}>
                {text}
              </style>
            ),
        )}
      </>
    )
  }

  return new Promise((resolve, reject) => {
    let status = context.statusCode
    const { pipe } = renderToPipeableStream(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <Assets />
          <JotaiProvider store={store}>
            <ServicesProvider services={services}>
              <ScriptNonce value={options.nonce}>
                <StaticRouterProvider router={router} context={context} hydrate={false} />
              </ScriptNonce>
            </ServicesProvider>
          </JotaiProvider>
        </I18nextProvider>
      </StrictMode>,
      {
        // React outlines a finished part bigger than this (12.8 KB by default): sent after the footer and swapped in by
        // a script, which moves the footer on every product page. Every part is ready here; send each in place.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        bootstrapScriptContent:
          ZOD_WITHOUT_EVAL +
          hydrationScript(context) +
          (access ? `window.${ACCOUNT_STATE_GLOBAL} = ${scriptJson(accountState)};` : '') +
          (options.tagManager ? TAG_MANAGER_ALLOWED : '') +
          startScript(modules),
        ...(options.nonce && { nonce: { script: options.nonce, style: options.nonce } }),
        onShellReady() {
          const body = new PassThrough()
          pipe(body)
          resolve({
            type: 'stream',
            status,
            headers: new Headers({ 'content-type': 'text/html; charset=utf-8' }),
            body,
            personal: access !== undefined,
          })
        },
        onShellError: reject,
        onError(error) {
          status = 500
          console.error(error)
        },
      },
    )
  })
}
