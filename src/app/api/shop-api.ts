// The API calls the app shell makes (SPEC §7), each answer checked with the domain schema it is served with.
import { z } from 'zod'
import { CountrySchema } from '../../domain/country.ts'
import {
  ContentPageSchema,
  FooterSchema,
  NavigationSchema,
  NotificationSchema,
  UspCollectionSchema,
} from '../../domain/content.ts'
import { AlternatesSchema, RouteInfoSchema } from '../../domain/routing.ts'
import { LocalizationCheckResultSchema, SiteByDomainSchema, SiteSchema, SiteSettingsSchema } from '../../domain/site.ts'
import { ApiRequestError, type ApiRequest, type Transport } from './transport.ts'

export interface ApiScope {
  siteId: number
  languageId: number
}

export function createShopApi(transport: Transport, scope?: ApiScope) {
  const headers: Record<string, string> = scope
    ? { siteid: String(scope.siteId), languageid: String(scope.languageId) }
    : {}

  async function call<T>(schema: z.ZodType<T>, request: ApiRequest): Promise<T>
  async function call<T>(schema: z.ZodType<T>, request: ApiRequest, allowEmpty: true): Promise<T | null>
  async function call<T>(schema: z.ZodType<T>, request: ApiRequest, allowEmpty = false): Promise<T | null> {
    const response = await transport({ ...request, headers: { ...headers, ...request.headers } })
    if (response.status === 204 && allowEmpty) return null
    if (response.status !== 200) throw new ApiRequestError(response.status, response.body, response.headers)
    return schema.parse(response.body)
  }

  return {
    /** The same API for another site or language. */
    withScope: (next: ApiScope) => createShopApi(transport, next),
    siteByDomain: (domain: string, signal?: AbortSignal) =>
      call(SiteByDomainSchema, { path: '/api/sites/getbydomain', query: { domain }, signal }),
    site: (siteId: number, signal?: AbortSignal) => call(SiteSchema, { path: `/api/sites/${siteId}`, signal }),
    sites: (signal?: AbortSignal) => call(z.array(SiteSchema), { path: '/api/sites', signal }),
    siteSettings: (siteId: number, languageId: number, signal?: AbortSignal) =>
      call(SiteSettingsSchema, { path: `/api/sitesettings/${siteId}/${languageId}`, signal }),
    countries: (signal?: AbortSignal) => call(z.array(CountrySchema), { path: '/api/countries', signal }),
    routeByUrl: (url: string, signal?: AbortSignal) =>
      call(RouteInfoSchema, { path: '/api/routing/getbyurl', query: { url }, signal }),
    alternates: (url: string, signal?: AbortSignal) =>
      call(AlternatesSchema, { path: '/api/routing/alternates', query: { url }, signal }),
    contentPage: (id: number, signal?: AbortSignal) =>
      call(ContentPageSchema, { path: `/api/contentpages/${id}`, signal }),
    navigation: (kind: 'primary' | 'secondary', id: number, signal?: AbortSignal) =>
      call(NavigationSchema, { path: `/api/${kind}navigations/${id}`, signal }),
    footer: (id: number, signal?: AbortSignal) => call(FooterSchema, { path: `/api/footer/${id}`, signal }),
    usps: (id: number, signal?: AbortSignal) =>
      call(UspCollectionSchema, { path: `/api/uspcollections/${id}`, signal }),
    notification: (id: number, signal?: AbortSignal) =>
      call(NotificationSchema, { path: `/api/notifications/${id}`, signal }, true),
    localizationCheck: (url: string, countryCode: string) =>
      call(LocalizationCheckResultSchema, { method: 'POST', path: '/api/Sites', query: { url, countryCode } }, true),
    conversion: (mailplusId: string) =>
      call(z.null(), { method: 'POST', path: '/api/Conversion', query: { mailplusId } }, true),
  }
}

export type ShopApi = ReturnType<typeof createShopApi>
