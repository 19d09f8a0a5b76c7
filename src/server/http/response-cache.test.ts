import { describe, expect, it } from 'vitest'
import { LONG_CACHE, SHORT_CACHE } from '../../domain/ttl-cache.ts'
import { HOSTS, LANG, useTestApp } from '../../../tests/helpers/app.ts'

// The server keeps cacheable answers as long as clients may (2 s or 15 min); these tests change the database under
// the running app to see which answer comes back. The cache runs on a clock of the test's, moved forward by hand.

describe('the response cache', () => {
  let clock = Date.now()
  const { current, get } = useTestApp('sqlite', { now: () => clock })

  it('answers a repeated GET from memory, with the same ETag, until it expires', async () => {
    const { db } = current().database.handle
    // A notification is read from the database on every request the cache does not answer.
    const url = '/api/notifications/1'
    const during = { datetime: '2026-06-01T00:00:00Z' }
    const first = await get(url, during)
    expect(first.statusCode).toBe(200)
    await db.updateTable('notificationTexts').set({ text: 'Changed' }).where('notificationId', '=', 1).execute()
    const second = await get(url, during)
    expect(second.statusCode).toBe(200)
    expect(second.body).toBe(first.body)
    expect(second.headers.etag).toBe(first.headers.etag)
    expect(second.headers['cache-control']).toBe(`public, max-age=${SHORT_CACHE.ttlMs / 1000}`)
    clock += SHORT_CACHE.ttlMs - 1
    expect((await get(url, during)).body).toBe(first.body)
    clock += 1
    expect((await get(url, during)).json().text).toBe('Changed')
  })

  it('keeps a long-cached answer for 15 minutes', async () => {
    const { db } = current().database.handle
    const url = '/api/countries/1'
    const first = await get(url)
    await db.updateTable('countryNames').set({ name: 'Renamed' }).where('countryId', '=', 1).execute()
    expect((await get(url)).headers['cache-control']).toBe(`public, max-age=${LONG_CACHE.ttlMs / 1000}`)
    clock += LONG_CACHE.ttlMs - 1
    expect((await get(url)).body).toBe(first.body)
    clock += 1
    expect((await get(url)).json().name).toBe('Renamed')
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

  it('answers from memory before it resolves the site again: a kept answer lives its time', async () => {
    const { app, database } = current()
    const { db } = database.handle
    const url = '/api/language'
    const kept = await get(url, { host: HOSTS.be })
    expect(kept.statusCode).toBe(200)
    const [domain] = await db.deleteFrom('siteDomains').where('domain', '=', HOSTS.be).returningAll().execute()
    try {
      await app.context.sites.reload()
      // The host belongs to no site now: a request the cache does not answer is refused ...
      expect((await get(`${url}?again`, { host: HOSTS.be })).statusCode).toBe(421)
      // ... while the kept answer is given as long as a client may keep it anyway, then no more.
      expect((await get(url, { host: HOSTS.be })).body).toBe(kept.body)
      clock += Number(/max-age=(\d+)/.exec(String(kept.headers['cache-control']))![1]) * 1000
      expect((await get(url, { host: HOSTS.be })).statusCode).toBe(421)
    } finally {
      await db.insertInto('siteDomains').values(domain!).execute()
      await app.context.sites.reload()
    }
  })
})
