// The cross-site refusal on a real app: a state-changing call from another site's page is refused before anything
// changes; the site's own pages, requests from no page at all and the back-office API pass.
import { describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '../../domain/errors.ts'
import { HOSTS, LANG, useTestApp } from '../../../tests/helpers/app.ts'
import nl from '../../../locales/nl.json' with { type: 'json' }
import en from '../../../locales/en.json' with { type: 'json' }

const TOKEN = 'back-office-test-token-0123456789abcdefghij'

describe('cross-site requests', () => {
  const { current } = useTestApp('sqlite', { env: { BACKOFFICE_TOKEN: TOKEN } })
  let key = 0
  const createCart = (headers: Record<string, string>, host: string = HOSTS.nl) =>
    current().app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { host, 'idempotency-key': `cross-site-test-${++key}`, ...headers },
    })
  const carts = async () => {
    const { n } = await current()
      .database.handle.db.selectFrom('carts')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    return Number(n)
  }

  it.each([
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site', origin: 'http://evil.example' }],
    ['Sec-Fetch-Site cross-site without Origin', { 'sec-fetch-site': 'cross-site' }],
    [
      'Sec-Fetch-Site same-site from another subdomain',
      { 'sec-fetch-site': 'same-site', origin: 'http://blog.localhost' },
    ],
    ['Sec-Fetch-Site same-site without Origin', { 'sec-fetch-site': 'same-site' }],
    ['another shop’s origin', { 'sec-fetch-site': 'same-site', origin: 'http://equivera-be.localhost' }],
    ['a foreign Origin without Sec-Fetch-Site', { origin: 'http://evil.example' }],
    ['a loopback Origin without Sec-Fetch-Site', { origin: 'http://127.0.0.1:8080' }],
    ['Origin null (a sandboxed frame)', { origin: 'null' }],
  ])('refuses %s with 403 and changes nothing', async (_, headers) => {
    const before = await carts()
    const response = await createCart(headers)
    expect(response.statusCode).toBe(403)
    const body = ApiErrorSchema.parse(response.json())
    expect(body.code).toBe('crossSiteRequest')
    expect(body.localizedMessage).toBe(nl.errors.crossSiteRequest)
    expect(await carts()).toBe(before)
  })

  it('says why in the language of the request', async () => {
    const response = await createCart({ 'sec-fetch-site': 'cross-site', languageid: String(LANG.en) }, HOSTS.corporate)
    expect(response.json()).toMatchObject({ code: 'crossSiteRequest', localizedMessage: en.errors.crossSiteRequest })
  })

  it.each([
    ['Sec-Fetch-Site same-origin', { 'sec-fetch-site': 'same-origin', origin: `http://${HOSTS.nl}` }],
    ['the visitor’s own doing (Sec-Fetch-Site none)', { 'sec-fetch-site': 'none' }],
    ['its own Origin without Sec-Fetch-Site', { origin: `http://${HOSTS.nl}` }],
    ['the site’s www. domain', { 'sec-fetch-site': 'same-site', origin: 'https://www.equivera.nl' }],
    ['no browser at all (neither header)', {}],
  ])('lets %s through', async (_, headers) => {
    const before = await carts()
    const response = await createCart(headers)
    expect(response.statusCode).toBe(200)
    expect(await carts()).toBe(before + 1)
  })

  it('lets reading calls through from anywhere', async () => {
    const response = await current().app.inject({
      method: 'GET',
      url: '/api/language',
      headers: { host: HOSTS.nl, 'sec-fetch-site': 'cross-site', origin: 'http://evil.example' },
    })
    expect(response.statusCode).toBe(200)
  })

  it('leaves the back-office API to its token', async () => {
    const response = await current().app.inject({
      method: 'PUT',
      url: '/api/backoffice/stock',
      headers: { authorization: `Bearer ${TOKEN}`, 'sec-fetch-site': 'cross-site', origin: 'http://erp.example' },
      payload: [{ productVariantId: 101, stock: 12 }],
    })
    expect(response.statusCode).toBe(200)
  })
})
