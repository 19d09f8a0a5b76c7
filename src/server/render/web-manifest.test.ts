// The installed app's name: in the web app manifest of every site and language, and in the page for browsers that take
// it from there; served by the real app on a seeded database.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { sourceRenderer } from '../../../tests/helpers/renderer.ts'

interface SeedSite {
  name: string
  brandName: string
  languages: string[]
}
const seedSites = (
  JSON.parse(readFileSync(new URL('../db/seed/sites.json', import.meta.url), 'utf8')) as { sites: SeedSite[] }
).sites

describe.each(DIALECTS)('the web app manifest on %s', (dialect) => {
  let testApp: TestApp
  beforeAll(async () => {
    testApp = await createTestApp(dialect, { renderer: sourceRenderer() })
  })
  afterAll(async () => testApp.close())
  const manifest = async (host: string, language?: string) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/manifest.webmanifest${language ? `?language=${language}` : ''}`,
      headers: { host },
    })
    expect(response.statusCode).toBe(200)
    return response.json<{ name: string; short_name: string; lang: string; start_url: string }>()
  }
  const hostOf = async (name: string) => {
    const sites = (await testApp.app.inject({ method: 'GET', url: '/api/Sites', headers: { host: 'localhost' } })).json<
      { name: string; domain: string }[]
    >()
    return sites.find((site) => site.name === name)!.domain
  }

  it('names each site’s app as the site is named, never with the brand twice', async () => {
    for (const site of seedSites) {
      const { name, short_name } = await manifest(await hostOf(site.name))
      expect(name).toBe(site.name)
      expect(name.split(site.brandName)).toHaveLength(2)
      expect(short_name).toBe(site.brandName)
    }
  })

  it.each([
    ['nl-BE', 'Equivera België', 'nl-BE', '/?source=pwa'],
    ['fr-BE', 'Equivera Belgique', 'fr-BE', '/fr/?source=pwa'],
  ])('names the Belgian app in %s “%s”', async (language, name, lang, start) => {
    expect(await manifest('equivera-be.localhost', language)).toMatchObject({ name, lang, start_url: start })
  })

  it.each([
    ['equivera-be.localhost', '/fr/', 'Equivera Belgique'],
    ['equivera-be.localhost', '/', 'Equivera België'],
    ['paddockpure-dk.localhost', '/', 'Paddock Pure Danmark'],
  ])('gives the page on %s%s the same name for the home screen', async (host, url, name) => {
    const html = (await testApp.app.inject({ method: 'GET', url, headers: { host } })).body
    expect(html).toContain(`<meta name="apple-mobile-web-app-title" content="${name}"/>`)
    expect(html).toContain(`<meta name="application-name" content="${name}"/>`)
  })
})
