// The account's scan results and feed advice on real databases: stored through the back office (token, audit),
// listed for their owner only with the unread count, marked read when opened.
import { describe, expect, it } from 'vitest'
import {
  AccountFeedAdviceSchema,
  AccountScanResultSchema,
  FeedAdviceListSchema,
  ScanResultListSchema,
  ScanResultStoredSchema,
} from '../../domain/account-scans.ts'
import { ApiErrorSchema } from '../../domain/errors.ts'
import { HOSTS, useTestApp } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { findAudit } from '../backoffice/backoffice.repository.ts'
import { signedInAccount } from '../sessions/signed-in-test-setup.ts'
import { unreadFeedAdviceCount, unreadScanResultCount } from './scan.service.ts'

const TOKEN = 'back-office-test-token-0123456789abcdefghij'
const bearer = { authorization: `Bearer ${TOKEN}` }
const RESULT = {
  name: 'Hooi weiland achter',
  type: 'rqs',
  receiptDate: '2026-11-02',
  resultDate: '2026-11-09',
  sampleValue: 96.5,
  targetValue: 110,
  average: 102.25,
  dryMatterPercentage: 86.4,
  nutrition: {
    energyDe: 8.1,
    energyEwpa: 0.52,
    crudeProtein: 96.5,
    sugar: 112,
    dryMatter: 864,
    moisturePercentage: 13.6,
    germContent: null,
    minerals: { calcium: 4.1 },
    traceElements: {},
    vitamins: {},
    addedSubstancesPerKg: {},
  },
}
const ADVICE = {
  horseName: 'Bella',
  inputs: { horseType: 'horse', roughageType: 'hay', weightKg: 600, workHoursPerWeek: 4, energyLevel: 'medium' },
  advice: {
    gramsPerDay: 1500,
    scoopsPerDay: 3,
    portionsPerPackage: 13,
    daysPerPackage: 13,
    productName: 'Sportmuesli',
  },
}

describe.each(DIALECTS)('the account scan results and feed advice on %s', (dialect) => {
  const { current } = useTestApp(dialect, { env: { BACKOFFICE_TOKEN: TOKEN } })
  const db = () => current().database.handle.db

  const get = (url: string, cookie?: string) =>
    current().app.inject({ method: 'GET', url, headers: { host: HOSTS.nl, ...(cookie ? { cookie } : {}) } })
  const post = (path: string, payload: object, headers: Record<string, string> = bearer) =>
    current().app.inject({ method: 'POST', url: `/api/backoffice/${path}`, payload, headers })

  it('stores a result for an account by e-mail address and site, audited, with a random key', async () => {
    const { accountId, emailAddress, siteId, cookie } = await signedInAccount(current())
    const res = await post('scanresults', { ...RESULT, emailAddress: ` ${emailAddress.toUpperCase()}`, siteId })
    expect(res.statusCode, res.body).toBe(201)
    const stored = ScanResultStoredSchema.parse(res.json())
    expect(stored.accountId).toBe(accountId)
    expect(stored.resultKey).toMatch(/^[0-9a-f]{32}$/)
    const audit = (await findAudit(db())).filter((a) => a.action === 'scan-result')
    expect(audit.at(-1)!.summary).toEqual({ scanResultId: stored.scanResultId, accountId })
    expect(JSON.stringify(audit)).not.toContain(stored.resultKey)

    const list = ScanResultListSchema.parse((await get('/api/account/scanresults', cookie)).json())
    expect(list.unread).toBe(1)
    expect(list.results).toEqual([
      expect.objectContaining({ ...RESULT, scanResultId: stored.scanResultId, read: false }),
    ])
  })

  it('mails the customer a link to the result page, in the account’s language, once', async () => {
    const { emailAddress, siteId, cookie } = await signedInAccount(current(), { host: HOSTS.be })
    const res = await post('scanresults', { ...RESULT, type: 'qs', emailAddress, siteId })
    const stored = ScanResultStoredSchema.parse(res.json())
    const mail = await db()
      .selectFrom('mails')
      .selectAll()
      .where('dedupeKey', '=', `scan-result:${stored.scanResultId}`)
      .executeTakeFirstOrThrow()
    expect(mail).toMatchObject({ kind: 'scan-result', languageCode: 'nl-BE', recipient: emailAddress })
    expect(mail.subject).toContain(RESULT.name)
    const link = /(https?:\/\/\S+\/ruwvoeruitslag\/qs\/[0-9a-f]{32}\/)/.exec(mail.text)?.[1]
    expect(new URL(link!).host).toMatch(new RegExp(`^${HOSTS.be}(:\\d+)?$`))
    expect(new URL(link!).pathname).toBe(`/ruwvoeruitslag/qs/${stored.resultKey}/`)
    expect(mail.html).toContain(link)

    // The link's page: the routing kind 'roughage result by key', and the result without signing in, marked read.
    const path = new URL(link!).pathname
    const route = await current().app.inject({
      method: 'GET',
      url: `/api/routing/getbyurl?url=${encodeURIComponent(path)}`,
      headers: { host: HOSTS.be },
    })
    expect(route.json()).toMatchObject({ kind: 'roughageResult', scanType: 'qs', key: stored.resultKey, path })
    const page = await current().app.inject({
      method: 'GET',
      url: `/api/scanresults/${stored.resultKey}`,
      headers: { host: HOSTS.be },
    })
    expect(page.statusCode, page.body).toBe(200)
    expect(page.json()).toEqual({ ...RESULT, type: 'qs' })
    const list = ScanResultListSchema.parse(
      (
        await current().app.inject({
          method: 'GET',
          url: '/api/account/scanresults',
          headers: { host: HOSTS.be, cookie },
        })
      ).json(),
    )
    expect(list.unread).toBe(0)
    const geturl = await current().app.inject({
      method: 'POST',
      url: '/api/routing/geturl',
      payload: { kind: 'roughageResult', scanType: 'qs', key: stored.resultKey },
      headers: { host: HOSTS.be },
    })
    expect(geturl.json()).toEqual({ url: path })
  })

  it('finds a result page only by its own key, type and site', async () => {
    const { emailAddress, siteId } = await signedInAccount(current())
    const { resultKey } = ScanResultStoredSchema.parse(
      (await post('scanresults', { ...RESULT, emailAddress, siteId })).json(),
    )
    const ask = (url: string, host: string = HOSTS.nl) =>
      current().app.inject({ method: 'GET', url, headers: { host } })
    expect((await ask(`/api/scanresults/${resultKey}`, HOSTS.be)).statusCode).toBe(404)
    expect((await ask(`/api/scanresults/${'0'.repeat(32)}`)).statusCode).toBe(404)
    expect((await ask('/api/scanresults/not-a-key')).statusCode).toBe(404)
    const routeOf = (path: string) => ask(`/api/routing/getbyurl?url=${encodeURIComponent(path)}`)
    expect((await routeOf(`/ruwvoeruitslag/rqs/${resultKey}/`)).json()).toMatchObject({ kind: 'roughageResult' })
    expect((await routeOf(`/roughage-result/rqs/${resultKey}/`)).json()).toMatchObject({ kind: 'roughageResult' })
    expect((await routeOf(`/ruwvoeruitslag/qs/${resultKey}/`)).statusCode).toBe(404)
    expect((await routeOf(`/ruwvoeruitslag/rqs/${'0'.repeat(32)}/`)).statusCode).toBe(404)
  })

  it('refuses a result without the token, for an unknown address, or with bad values', async () => {
    const { emailAddress, siteId } = await signedInAccount(current())
    expect((await post('scanresults', { ...RESULT, emailAddress, siteId }, {})).statusCode).toBe(401)
    const unknown = await post('scanresults', { ...RESULT, emailAddress: 'nobody@example.nl', siteId })
    expect(unknown.statusCode, unknown.body).toBe(404)
    expect(ApiErrorSchema.parse(unknown.json()).code).toBe('notFound')
    const otherSite = await post('scanresults', { ...RESULT, emailAddress, siteId: siteId + 1 })
    expect(otherSite.statusCode).toBe(404)
    const bad = await post('scanresults', { ...RESULT, type: 'xx', dryMatterPercentage: 140, emailAddress, siteId })
    expect(bad.statusCode).toBe(400)
  })

  it('opens a result: marked read, the unread count drops; another account cannot see it', async () => {
    const owner = await signedInAccount(current())
    const other = await signedInAccount(current())
    const ids = []
    for (const name of ['Eerste snede', 'Tweede snede']) {
      const res = await post('scanresults', { ...RESULT, name, emailAddress: owner.emailAddress, siteId: owner.siteId })
      ids.push(ScanResultStoredSchema.parse(res.json()).scanResultId)
    }
    expect(await unreadScanResultCount(db(), owner.accountId)).toBe(2)

    const opened = await get(`/api/account/scanresults/${ids[0]}`, owner.cookie)
    expect(opened.statusCode, opened.body).toBe(200)
    expect(opened.headers['cache-control']).toContain('no-store')
    expect(AccountScanResultSchema.parse(opened.json())).toMatchObject({ name: 'Eerste snede', read: true })
    expect(await unreadScanResultCount(db(), owner.accountId)).toBe(1)
    const list = ScanResultListSchema.parse((await get('/api/account/scanresults', owner.cookie)).json())
    expect(list.unread).toBe(1)
    expect(list.results.map((r) => [r.name, r.read])).toEqual([
      ['Tweede snede', false],
      ['Eerste snede', true],
    ])

    expect((await get(`/api/account/scanresults/${ids[1]}`, other.cookie)).statusCode).toBe(404)
    expect(ScanResultListSchema.parse((await get('/api/account/scanresults', other.cookie)).json())).toEqual({
      unread: 0,
      results: [],
    })
    expect(await unreadScanResultCount(db(), owner.accountId)).toBe(1)
    const account = await get('/api/account', owner.cookie)
    expect(account.statusCode, account.body).toBe(200)
    expect(account.json()).toMatchObject({ unreadQuickscanResults: 1 })
  })

  it.each([
    '/api/account/scanresults',
    '/api/account/scanresults/1',
    '/api/account/feedadvice',
    '/api/account/feedadvice/1',
  ])('answers %s with 401 notSignedIn to a visitor who is not signed in', async (url) => {
    const res = await get(url)
    expect(res.statusCode).toBe(401)
    expect(ApiErrorSchema.parse(res.json()).code).toBe('notSignedIn')
  })

  it('keeps feed advice per account: listed, opened and marked read', async () => {
    const owner = await signedInAccount(current())
    const other = await signedInAccount(current())
    const res = await post('feedadvice', { ...ADVICE, emailAddress: owner.emailAddress, siteId: owner.siteId })
    expect(res.statusCode, res.body).toBe(201)
    const { feedAdviceId } = res.json<{ feedAdviceId: number }>()
    expect(await unreadFeedAdviceCount(db(), owner.accountId)).toBe(1)
    const list = FeedAdviceListSchema.parse((await get('/api/account/feedadvice', owner.cookie)).json())
    expect(list).toMatchObject({ unread: 1, advice: [{ feedAdviceId, horseName: 'Bella', advice: { read: false } }] })
    expect((await get(`/api/account/feedadvice/${feedAdviceId}`, other.cookie)).statusCode).toBe(404)
    const opened = AccountFeedAdviceSchema.parse(
      (await get(`/api/account/feedadvice/${feedAdviceId}`, owner.cookie)).json(),
    )
    expect(opened).toMatchObject({ inputs: ADVICE.inputs, advice: { ...ADVICE.advice, read: true } })
    expect(await unreadFeedAdviceCount(db(), owner.accountId)).toBe(0)
  })

  it('keeps advice the shopper saved from the feed calculator, unread, on the site it was made on', async () => {
    const owner = await signedInAccount(current())
    const save = (payload: object, cookie?: string) =>
      current().app.inject({
        method: 'POST',
        url: '/api/account/feedadvice',
        payload,
        headers: { host: HOSTS.nl, ...(cookie ? { cookie } : {}) },
      })
    const res = await save(ADVICE, owner.cookie)
    expect(res.statusCode, res.body).toBe(201)
    const { feedAdviceId } = res.json<{ feedAdviceId: number }>()
    const list = FeedAdviceListSchema.parse((await get('/api/account/feedadvice', owner.cookie)).json())
    expect(list).toMatchObject({ unread: 1, advice: [{ feedAdviceId, horseName: 'Bella', inputs: ADVICE.inputs }] })
    const row = await db().selectFrom('feedAdvice').select('siteId').where('id', '=', feedAdviceId).executeTakeFirst()
    expect(row?.siteId).toBe(owner.siteId)

    expect((await save(ADVICE)).statusCode).toBe(401)
    for (const bad of [
      { ...ADVICE, horseName: ' ' },
      { ...ADVICE, inputs: { ...ADVICE.inputs, weightKg: -1 } },
      { ...ADVICE, advice: { ...ADVICE.advice, gramsPerDay: -5 } },
    ]) {
      const refused = await save(bad, owner.cookie)
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400)
      expect(ApiErrorSchema.parse(refused.json()).code).toBe('invalidBody')
    }
    expect(await unreadFeedAdviceCount(db(), owner.accountId)).toBe(1)
  })
})
