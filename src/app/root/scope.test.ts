import { describe, expect, it } from 'vitest'
import { createShopApi } from '../api/shop-api.ts'
import type { ApiRequest, Transport } from '../../browser/transport.ts'
import type { AppServices } from '../router-context.ts'
import { resolveScope } from './root.data.ts'

const BELGIUM = {
  siteId: 2,
  countryId: 2,
  clientApiEndpoint: 'http://equivera-be.localhost/api/',
  type: 0,
  fallbackLanguageId: 11,
  languages: [
    { languageId: 11, code: 'nl-BE', culture: 'nl-BE', localizedName: 'Nederlands', pathPrefix: '' },
    { languageId: 8, code: 'fr-BE', culture: 'fr-BE', localizedName: 'Français', pathPrefix: 'fr' },
  ],
}

/** Services over a transport that answers the site by domain (or fails, like a phone without network). */
function servicesWith(online: boolean) {
  const requests: ApiRequest[] = []
  const transport: Transport = async (request) => {
    requests.push(request)
    if (!online) return { status: 503, body: null, headers: new Headers() }
    if (request.path === '/api/sites/getbydomain') return { status: 200, body: BELGIUM, headers: new Headers() }
    return { status: 200, body: [], headers: new Headers() }
  }
  const services: AppServices = {
    api: createShopApi(transport, () => services.scope),
    visitorCountry: null,
    prepareLocale: async () => undefined,
    scope: null,
    domainSite: null,
  }
  return { services, requests }
}

describe('resolveScope', () => {
  it.each([
    ['/fr/mueslis/', 8, 'fr-BE'],
    ['/muesli/', 11, 'nl-BE'],
    ['/FR/recherche/', 8, 'fr-BE'],
  ])('puts %s in language %i, and every later call carries it', async (path, languageId, language) => {
    const { services, requests } = servicesWith(true)
    await resolveScope(services, new URL(path, 'http://equivera-be.localhost'))
    expect(services.scope).toEqual({ siteId: 2, languageId, language })
    await services.api.sites()
    expect(requests.at(-1)?.headers).toMatchObject({ siteid: '2', languageid: String(languageId) })
  })

  it('asks for the domain’s site once, then follows the path on every navigation', async () => {
    const { services, requests } = servicesWith(true)
    await resolveScope(services, new URL('http://equivera-be.localhost/'))
    await resolveScope(services, new URL('http://equivera-be.localhost/fr/'))
    expect(requests.filter((r) => r.path === '/api/sites/getbydomain')).toHaveLength(1)
    expect(services.scope?.languageId).toBe(8)
  })

  it('keeps the scope it has when the site cannot be asked (offline)', async () => {
    const { services } = servicesWith(false)
    services.scope = { siteId: 2, languageId: 8, language: 'fr-BE' }
    await resolveScope(services, new URL('http://equivera-be.localhost/muesli/'))
    expect(services.scope).toEqual({ siteId: 2, languageId: 8, language: 'fr-BE' })
  })
})
