// /sitemap.xml and /robots.txt of the site of the request's domain (docs/advice.md § Sitemaps). Public, cached for an
// hour on the way; the sitemap is made from the URL table on each miss (a few thousand rows).
import type { AppContext, ZodApp } from '../context.ts'
import { hostnameOf } from '../sites/site.directory.ts'
import { originFor } from '../sites/site.service.ts'
import { robotsOf, sitemapOf } from './sitemap.service.ts'

const HOUR = 'public, max-age=3600'

export async function sitemapRoutes(app: ZodApp, { database: { db }, sites, publicUrl }: AppContext) {
  app.get('/sitemap.xml', async (request, reply) => {
    const site = sites.byDomain(request.host)
    if (!site) return reply.status(404).type('text/plain; charset=utf-8').send('No site here.')
    const xml = await sitemapOf(db, sites, site, hostnameOf(request.host), publicUrl)
    return reply.type('application/xml; charset=utf-8').header('cache-control', HOUR).send(xml)
  })

  app.get('/robots.txt', async (request, reply) => {
    const site = sites.byDomain(request.host)
    if (!site) return reply.status(404).type('text/plain; charset=utf-8').send('No site here.')
    const origin = originFor(site, hostnameOf(request.host), publicUrl)
    return reply.type('text/plain; charset=utf-8').header('cache-control', HOUR).send(robotsOf(origin))
  })
}
