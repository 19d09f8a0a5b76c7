import { describe, expect, it } from 'vitest'
import { HOSTS, LANG, useTestApp } from '../../../tests/helpers/app.ts'

// The server keeps cacheable answers as long as clients may (2 s or 15 min); these tests change the database under
// the running app to see which answer comes back.

describe('the response cache', () => {
  const { current, get } = useTestApp('sqlite')

  it('answers a repeated GET from memory, with the same ETag, until it expires', async () => {
    const { db } = current().database.handle
    const url = '/api/routing/getbyurl?url=/over-ons/'
    const first = await get(url)
    expect(first.statusCode).toBe(200)
    await db.deleteFrom('urls').where('siteId', '=', 1).where('path', '=', '/over-ons/').execute()
    const second = await get(url)
    expect(second.statusCode).toBe(200)
    expect(second.body).toBe(first.body)
    expect(second.headers.etag).toBe(first.headers.etag)
    expect(second.headers['cache-control']).toBe('public, max-age=2')
    await new Promise((resolve) => setTimeout(resolve, 2100))
    expect((await get(url)).statusCode).toBe(404)
  })

  it('answers 304 from memory to a matching If-None-Match', async () => {
    const first = await get('/api/language')
    const again = await get('/api/language', { 'if-none-match': first.headers.etag as string })
    expect(again.statusCode).toBe(304)
  })

  it('keeps answers apart by host, site, language and time', async () => {
    const nl = await get('/api/Sites/2', { host: HOSTS.be })
    const fr = await get('/api/Sites/2', { host: HOSTS.be, languageid: String(LANG['fr-BE']) })
    expect(fr.body).not.toBe(nl.body)
    const during = await get('/api/notifications/1', { datetime: '2026-06-01T00:00:00Z' })
    const after = await get('/api/notifications/1', { datetime: '2027-06-01T00:00:00Z' })
    expect([during.statusCode, after.statusCode]).toEqual([200, 204])
  })

  it('never keeps an error answer', async () => {
    const { db } = current().database.handle
    expect((await get('/api/countries/99')).statusCode).toBe(404)
    await db.insertInto('countries').values({ id: 99, regionCode: 'XK', phoneCountryCode: '+383' }).execute()
    await db.insertInto('countryNames').values({ countryId: 99, languageId: LANG.nl, name: 'Kosovo' }).execute()
    const found = await get('/api/countries/99')
    expect([found.statusCode, found.json().name]).toEqual([200, 'Kosovo'])
  })
})
