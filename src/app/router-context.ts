// What loaders get besides the request: the API (fetch in the browser, inject on the server) and, in the browser,
// a way to load another language's texts before a page in that language renders.
import { createContext, type RouterContextProvider } from 'react-router'
import type { ShopScope } from '../domain/scope.ts'
import type { Locale } from '../domain/locale.ts'
import type { SiteByDomain } from '../domain/site.ts'
import type { ShopApi } from './api/shop-api.ts'

declare module 'react-router' {
  interface Future {
    v8_middleware: true
  }
}

export interface AppServices {
  /** The API, in the page's site and language (`scope`) once the scope is known. */
  api: ShopApi
  /** The visitor's country as the edge knows it (a geo header), for the localization check. */
  visitorCountry: string | null
  /** Makes a language's texts ready; a no-op on the server, which has them all. */
  prepareLocale(locale: Locale): Promise<void>
  /**
   * The site and language of the page, set before any loader runs (the root route's scope middleware): the language
   * of every API call, and whose offline catalogue to use without network.
   */
  scope: ShopScope | null
  /** The site of this domain with its languages, once asked (the browser knows it from the first page). */
  domainSite: Pick<SiteByDomain, 'siteId' | 'languages'> | null
}

export const servicesContext = createContext<AppServices>()

export const servicesOf = (context: Readonly<RouterContextProvider> | Pick<RouterContextProvider, 'get'>) =>
  context.get(servicesContext)
