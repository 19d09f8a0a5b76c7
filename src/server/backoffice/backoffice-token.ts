// The back-office API's bearer token. Compared as SHA-256 digests with timingSafeEqual: both sides have the same
// length whatever was sent, so the time a check takes says nothing about the token. The fingerprint names the token
// in the audit trail: the first 12 hex digits of its hash, never the token itself.
import { createHash, timingSafeEqual } from 'node:crypto'

const digestOf = (text: string) => createHash('sha256').update(text).digest()

export class BackofficeToken {
  readonly #digest: Buffer
  readonly fingerprint: string

  constructor(token: string) {
    this.#digest = digestOf(token)
    this.fingerprint = this.#digest.toString('hex').slice(0, 12)
  }

  /** Whether an Authorization header is `Bearer <this token>`. */
  accepts(authorization: string | undefined): boolean {
    const given = /^Bearer +(\S+)$/i.exec(authorization ?? '')?.[1]
    // Compared even when no token was given, so a missing and a wrong one take the same time.
    const same = timingSafeEqual(digestOf(given ?? ''), this.#digest)
    return same && given !== undefined
  }
}
