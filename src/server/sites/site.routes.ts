import { z } from 'zod'
import { CountryCodeSchema } from '../../domain/country.ts'
import { AppError } from '../../domain/errors.ts'
import { IdParamSchema, IdParamsSchema } from '../../domain/ids.ts'
import { LocalizationCheckResultSchema, SiteByDomainSchema, SiteSchema, SiteSettingsSchema } from '../../domain/site.ts'
import type { AppContext, ZodApp } from '../context.ts'
import { findCountryByRegionCode } from '../countries/country.repository.ts'
import { scopeOf } from '../http/scope.ts'
import { hostnameOf } from './site.directory.ts'
import { localizationCheck, siteSettings, toSite, toSiteByDomain } from './site.service.ts'

const long = { cache: 'long' } as const

export async function siteRoutes(app: ZodApp, { sites, publicUrl, database: { db } }: AppContext) {
  app.get(
    '/api/sites/getbydomain',
    {
      compress: false, // answers are a few hundred bytes, below the compression threshold
      config: long,
      schema: {
        querystring: z.object({ domain: z.string().trim().min(1).max(253) }),
        response: { 200: SiteByDomainSchema },
      },
    },
    async (request) => {
      const site = sites.byDomain(request.query.domain)
      if (!site) throw new AppError('unknownSite', 404, `No site has the domain '${request.query.domain}'.`)
      return toSiteByDomain(site, hostnameOf(request.query.domain), publicUrl)
    },
  )

  app.get('/api/sites', { config: long, schema: { response: { 200: z.array(SiteSchema) } } }, async (request) => {
    const { language, now } = scopeOf(request)
    return sites.all().map((site) => toSite(site, language.languageId, hostnameOf(request.host), publicUrl, now))
  })

  app.get(
    '/api/sites/:id',
    { config: long, schema: { params: IdParamsSchema, response: { 200: SiteSchema } } },
    async (request) => {
      const site = sites.byId(request.params.id)
      if (!site) throw new AppError('unknownSite', 404, `Site ${request.params.id} does not exist.`)
      const { language, now } = scopeOf(request)
      return toSite(site, language.languageId, hostnameOf(request.host), publicUrl, now)
    },
  )

  // The localization check. Answers 204 when the visitor is on the right site.
  app.post(
    '/api/sites',
    {
      schema: {
        querystring: z.object({
          url: z.string().trim().min(1).max(2048),
          countryCode: z.string().trim().toUpperCase().pipe(CountryCodeSchema),
        }),
        response: { 200: LocalizationCheckResultSchema, 204: z.null() },
      },
    },
    async (request, reply) => {
      const { site } = scopeOf(request)
      let url: URL
      try {
        url = new URL(request.query.url, `http://${site.primaryDomain}`)
      } catch {
        throw new AppError('invalidParameter', 400, "The parameter 'url' is not a URL.", { name: 'url' })
      }
      const country = await findCountryByRegionCode(db, request.query.countryCode)
      const result = localizationCheck(
        sites,
        site,
        country?.id,
        request.query.countryCode,
        url,
        hostnameOf(request.host),
        publicUrl,
      )
      if (!result) return reply.status(204).send(null)
      return result
    },
  )

  app.get(
    '/api/sitesettings/:siteId/:languageId',
    {
      schema: {
        params: z.object({ siteId: IdParamSchema, languageId: IdParamSchema }),
        response: { 200: SiteSettingsSchema },
      },
    },
    async (request) => siteSettings(sites, request.params.siteId, request.params.languageId),
  )
}
