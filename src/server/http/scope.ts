// The request scope: which site and language a request is for, and what time it is for it.
// Site: header `siteid`, else the Host header's domain (loopback hosts: the default site).
// Language: header `languageid` (one of the site's), else the site's first language.
// Time: header `datetime` (ISO 8601), else now; used for what is valid when (notifications, later promotions).
import type { FastifyRequest } from 'fastify'
import { AppError } from '../../domain/errors.ts'
import { IdParamSchema } from '../../domain/ids.ts'
import type { SiteLanguage } from '../../domain/site.ts'
import type { LanguageCode } from '../../domain/language-codes.ts'
import { languageOf, type SiteDirectory, type SiteRecord } from '../sites/site.directory.ts'

export interface RequestScope {
  site: SiteRecord
  language: SiteLanguage & { code: LanguageCode }
  now: Date
}

declare module 'fastify' {
  interface FastifyRequest {
    scope: RequestScope | undefined
    /** The route's config once read (routeConfig). */
    routeConfigRead: FastifyRequest['routeOptions']['config'] | undefined
  }
  interface FastifyContextConfig {
    /** false for API routes that belong to no site or language (the back-office API): they get no request scope. */
    scoped?: boolean
  }
}

/** A request header's value; the first one when a client sent it twice. */
export function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name]
  return Array.isArray(value) ? value[0] : value
}

export function resolveScope(sites: SiteDirectory, request: FastifyRequest): RequestScope {
  let site: SiteRecord | undefined
  const siteHeader = header(request, 'siteid')
  if (siteHeader !== undefined) {
    const id = IdParamSchema.safeParse(siteHeader)
    if (!id.success)
      throw new AppError('invalidParameter', 400, "The header 'siteid' is not a valid id.", { name: 'siteid' })
    site = sites.byId(id.data)
    if (!site) throw new AppError('unknownSite', 404, `Site ${id.data} does not exist.`)
  } else {
    const host = request.host
    site = sites.byDomain(host)
    if (!site) throw new AppError('unknownHost', 421, `The host '${host}' does not belong to any site.`)
  }

  let language = site.languages[0]!
  const languageHeader = header(request, 'languageid')
  if (languageHeader !== undefined) {
    const id = IdParamSchema.safeParse(languageHeader)
    if (!id.success)
      throw new AppError('invalidParameter', 400, "The header 'languageid' is not a valid id.", { name: 'languageid' })
    const found = languageOf(site, id.data)
    if (!found) throw new AppError('unknownLanguage', 400, `Language ${id.data} is not offered on site ${site.id}.`)
    language = found
  }

  let now = new Date()
  const datetime = header(request, 'datetime')
  if (datetime !== undefined) {
    now = new Date(datetime)
    if (Number.isNaN(now.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(datetime)) {
      throw new AppError('invalidParameter', 400, "The header 'datetime' is not an ISO 8601 date and time.", {
        name: 'datetime',
      })
    }
  }
  return { site, language, now }
}

/**
 * The config of the request's route. Read once per request: Fastify's `request.routeOptions` builds a new object on
 * every read, and the hooks every answer passes read the config four or five times.
 */
export function routeConfig(request: FastifyRequest): FastifyRequest['routeOptions']['config'] {
  return (request.routeConfigRead ??= request.routeOptions.config)
}

/** Whether an API request's route needs its site and language (every shop API route does). */
export function isScoped(request: FastifyRequest): boolean {
  return routeConfig(request).scoped !== false
}

/** Whether a request is for the API; paths are case-insensitive, so '/API/Sites' is one too. */
export function isApiRequest(request: FastifyRequest): boolean {
  return request.url.slice(0, 5).toLowerCase() === '/api/'
}

/** The scope of a request whose route is scoped; routes only run after the onRequest hook has set it. */
export function scopeOf(request: FastifyRequest): RequestScope {
  if (!request.scope) throw new Error('Request scope used outside an API route')
  return request.scope
}
