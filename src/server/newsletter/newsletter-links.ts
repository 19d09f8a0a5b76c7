// The links a newsletter mail carries. The confirmation link holds a random token (only its hash is stored); the
// unsubscribe link is signed instead (HMAC-SHA256 with SESSION_SECRET over the subscription's id and address), so
// every mail can carry one without storing a secret per subscriber, and a link stops working for an address that
// changed. Tokens and keys travel in `token` and `key`, which the request log masks (app.ts).
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/** A new confirmation token (256 random bits) and the hash that is stored. */
export function newConfirmToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashToken(token) }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url')

/** The unsubscribe key of a subscription: 43 base64url characters. */
export const unsubscribeKey = (secret: string, id: number, emailKey: string) =>
  createHmac('sha256', secret).update(`newsletter-unsubscribe:${id}:${emailKey}`).digest('base64url')

export function unsubscribeKeyMatches(secret: string, id: number, emailKey: string, key: string): boolean {
  const expected = Buffer.from(unsubscribeKey(secret, id, emailKey))
  const given = Buffer.from(key)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

const under = (prefix: string) => (prefix ? `/${prefix}` : '')

/** The app's confirm page in the subscriber's language: it sends the token to the API. */
export const confirmPageUrl = (origin: string, pathPrefix: string, token: string) =>
  `${origin}${under(pathPrefix)}/newsletter/confirm/?${new URLSearchParams({ token }).toString()}`

/** The app's unsubscribe page: the link in the mail's footer. */
export function unsubscribePageUrl(origin: string, pathPrefix: string, id: number, key: string): string {
  return `${origin}${under(pathPrefix)}/newsletter/unsubscribe/?${new URLSearchParams({ id: String(id), key }).toString()}`
}

/**
 * The headers of RFC 2369 and RFC 8058: a mail client's own "unsubscribe" button posts `List-Unsubscribe=One-Click`
 * to the API's address, no page and no sign-in in between.
 */
export function listUnsubscribeHeaders(origin: string, id: number, key: string): Record<string, string> {
  const query = new URLSearchParams({ id: String(id), key }).toString()
  return {
    'List-Unsubscribe': `<${origin}/api/newsletter/unsubscribe?${query}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  }
}
