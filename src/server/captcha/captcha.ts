// The captcha of sign-in and resend confirmation (spec §9): ALTCHA, a proof of work the browser solves by itself,
// self-hosted, so no third party sees our visitors and nothing needs a picture puzzle (accessible by design). A
// challenge is signed with our HMAC key and expires after CHALLENGE_LIFETIME_MS; its solution travels base64-encoded
// in the `recaptchatoken` header (§7's name). A solution opens one request: its challenge's signature is written to
// `captcha_spent` (primary key, so a second use is refused even by another server) and kept until it expires.
import { createHmac } from 'node:crypto'
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { CAPTCHA_HEADER } from '../../domain/captcha-constants.ts'
import { AppError } from '../../domain/errors.ts'
import type { Config } from '../config.ts'
import type { Db } from '../db/database.ts'
import type { JobQueue } from '../jobs/job-queue.ts'

/** Long enough to type an address and password after the widget solved it, short enough to keep `captcha_spent` small. */
export const CHALLENGE_LIFETIME_MS = 10 * 60_000
/** The smallest counter a challenge needs: even the luckiest draw costs a bot some work. */
const MIN_NUMBER = 1_000
/** SHA-256: the browser's WebCrypto does it natively in the widget's workers; the number of hashes is the cost. */
export const CAPTCHA_ALGORITHM = 'SHA-256'

export class CaptchaInvalidError extends AppError {
  constructor(reason: string) {
    super('captchaInvalid', 400, `The captcha is missing, wrong, expired or used already (${reason}).`)
  }
}

/** The solution's shape (altcha-lib's Payload): only what verifying needs, checked before any work. */
const PayloadSchema = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.literal(CAPTCHA_ALGORITHM),
        nonce: z.string().max(200),
        salt: z.string().max(200),
        cost: z.number().int().min(1).max(10),
        keyLength: z.number().int().min(1).max(64),
        keyPrefix: z.string().max(200),
        keySignature: z.string().max(200).optional(),
        expiresAt: z.number().optional(),
        data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
      })
      .loose(),
    signature: z.string().min(16).max(200),
  }),
  solution: z.object({ counter: z.number().int().min(0), derivedKey: z.string().max(200) }).loose(),
})

export class CaptchaService {
  readonly #db: Db
  readonly #secret: string
  readonly #keySecret: string
  readonly #maxNumber: number
  readonly #now: () => number

  constructor(
    db: Db,
    config: Pick<Config, 'CAPTCHA_HMAC_KEY' | 'SESSION_SECRET' | 'CAPTCHA_MAX_NUMBER'>,
    now = Date.now,
  ) {
    this.#db = db
    // Derived, not the session secret itself: a key that signs public challenges must not be one that signs cookies.
    this.#secret =
      config.CAPTCHA_HMAC_KEY ?? createHmac('sha256', config.SESSION_SECRET).update('captcha').digest('hex')
    this.#keySecret = createHmac('sha256', this.#secret).update('captcha-key').digest('hex')
    this.#maxNumber = Math.max(config.CAPTCHA_MAX_NUMBER, MIN_NUMBER + 1)
    this.#now = now
  }

  /** A new signed challenge, for `GET /api/captcha/challenge`. */
  challenge(): Promise<Challenge> {
    return createChallenge({
      algorithm: CAPTCHA_ALGORITHM,
      cost: 1,
      counter: randomInt(MIN_NUMBER, this.#maxNumber),
      deriveKey,
      expiresAt: new Date(this.#now() + CHALLENGE_LIFETIME_MS),
      hmacSignatureSecret: this.#secret,
      hmacKeySignatureSecret: this.#keySecret,
    })
  }

  /**
   * Checks the solution in the request's `recaptchatoken` header and spends it; 400 `captchaInvalid` when it is
   * missing, malformed, wrong, expired or used before.
   */
  async verify(request: FastifyRequest): Promise<void> {
    const header = request.headers[CAPTCHA_HEADER]
    if (typeof header !== 'string' || header === '' || header.length > 4000) throw new CaptchaInvalidError('missing')
    let decoded: unknown
    try {
      decoded = JSON.parse(Buffer.from(header, 'base64').toString('utf8'))
    } catch {
      throw new CaptchaInvalidError('not base64 JSON')
    }
    const payload = PayloadSchema.safeParse(decoded)
    if (!payload.success) throw new CaptchaInvalidError('malformed')
    const { challenge, solution } = payload.data
    const expiresAt = challenge.parameters.expiresAt
    // altcha-lib checks expiry against the wall clock; ours (a test's) decides too.
    if (expiresAt === undefined || expiresAt * 1000 <= this.#now()) throw new CaptchaInvalidError('expired')
    const result = await verifySolution({
      challenge: challenge as Challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: this.#secret,
      hmacKeySignatureSecret: this.#keySecret,
    })
    if (!result.verified) throw new CaptchaInvalidError(result.expired ? 'expired' : 'wrong')
    const spent = await this.#db
      .insertInto('captchaSpent')
      .values({ signature: challenge.signature, expiresAt: new Date(expiresAt * 1000).toISOString() })
      .onConflict((oc) => oc.column('signature').doNothing())
      .returning('signature')
      .executeTakeFirst()
    if (!spent) throw new CaptchaInvalidError('used already')
  }
}

export const CAPTCHA_CLEANUP_NAME = 'captcha.clean-up'

/** Deletes spent solutions whose challenge expired: they can no longer be replayed anyway. */
export function registerCaptchaCleanUp(jobs: JobQueue, everyMs = CHALLENGE_LIFETIME_MS): void {
  jobs.repeat(CAPTCHA_CLEANUP_NAME, everyMs, async (_payload, { db, now }) => {
    await db.deleteFrom('captchaSpent').where('expiresAt', '<=', now.toISOString()).execute()
  })
}
