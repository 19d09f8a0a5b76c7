// For tests only: solves a challenge of `GET /api/captcha/challenge` as the browser's widget would and answers the
// `recaptchatoken` header's value. Tests set CAPTCHA_MAX_NUMBER low (CAPTCHA_TEST_ENV) so solving takes milliseconds.
import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import type { LightMyRequestResponse } from 'fastify'

/** Settings for a test app whose captchas are quick to solve. */
export const CAPTCHA_TEST_ENV = { CAPTCHA_MAX_NUMBER: '2000' }

export async function solveCaptcha(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 })
  if (!solution) throw new Error('The captcha challenge could not be solved')
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
}

interface Injector {
  inject(options: { method: 'GET'; url: string; headers: Record<string, string> }): Promise<LightMyRequestResponse>
}

/** Fetches a challenge from the app and solves it: the header value for one request. */
export async function captchaToken(app: Injector, host: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/captcha/challenge', headers: { host } })
  if (res.statusCode !== 200) throw new Error(`GET /api/captcha/challenge answered ${res.statusCode}`)
  return solveCaptcha(res.json() as Challenge)
}
