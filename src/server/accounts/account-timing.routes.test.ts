// No enumeration in time: sign-in and registration take about as long for an address without an account as for one
// with (an argon2id hash or verification either way). Medians of interleaved requests, with wide bounds: the
// machine is shared (single requests vary from 25 to 300 ms under load), and what must not show is a difference of
// a whole argon2id run (~×10).
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../tests/helpers/app.ts'
import { CAPTCHA_TEST_ENV, captchaToken } from '../captcha/captcha-test-solver.ts'
import { accountClient, activeAccount, NL_HOST, newAddress, PASSWORD, registration } from './account-test-setup.ts'

const ROUNDS = 9
/** What the ratio of two medians may be: a missing argon2id run would make it ~10. */
const BOUND = 3
const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!

describe('accounts: the same time for known and unknown addresses', () => {
  const { current } = useTestApp('sqlite', { env: CAPTCHA_TEST_ENV })
  const app = () => current().app
  const db = () => current().database.handle.db
  const client = accountClient(app)

  /** The durations of `ROUNDS` runs of each case, interleaved; captchas are solved before the clock starts. */
  async function timed(cases: (() => Promise<{ statusCode: number }>)[], expected: number) {
    const times = cases.map(() => [] as number[])
    for (let round = 0; round < ROUNDS; round++)
      for (const [i, run] of cases.entries()) {
        const start = performance.now()
        const res = await run()
        times[i]!.push(performance.now() - start)
        expect(res.statusCode).toBe(expected)
      }
    return times.map(median)
  }

  it('signs in an unknown address, a wrong password and an inactive account in about the same time', async () => {
    const known = await activeAccount(app, db)
    const inactive = newAddress('inactief')
    await client.register(registration(inactive))
    const signIn = (emailAddress: string, password: string) => async () => {
      const token = await captchaToken(app(), NL_HOST)
      const start = performance.now()
      const res = await client.send(
        'POST',
        '/api/authentication/signin',
        { emailAddress, password },
        { recaptchatoken: token },
      )
      return { statusCode: res.statusCode, ms: performance.now() - start }
    }
    const cases = [
      signIn(known.emailAddress, 'verkeerd99'),
      signIn(newAddress('onbekend'), PASSWORD),
      signIn(inactive, PASSWORD),
    ]
    const times = cases.map(() => [] as number[])
    for (let round = 0; round < ROUNDS; round++)
      for (const [i, run] of cases.entries()) {
        const { statusCode, ms } = await run()
        expect(statusCode).toBe(401)
        times[i]!.push(ms)
      }
    const [wrong, unknown, notActive] = times.map(median) as [number, number, number]
    expect(unknown / wrong).toBeGreaterThan(1 / BOUND)
    expect(unknown / wrong).toBeLessThan(BOUND)
    expect(notActive / wrong).toBeGreaterThan(1 / BOUND)
    expect(notActive / wrong).toBeLessThan(BOUND)
  })

  it('registers a new address and a known one in about the same time', async () => {
    const known: string[] = []
    for (let i = 0; i < ROUNDS; i++) known.push((await activeAccount(app, db)).emailAddress)
    let n = 0
    const [fresh, existing] = (await timed(
      [() => client.register(registration(newAddress('nieuw'))), () => client.register(registration(known[n++]!))],
      204,
    )) as [number, number]
    expect(existing / fresh).toBeGreaterThan(1 / BOUND)
    expect(existing / fresh).toBeLessThan(BOUND)
  })
})
