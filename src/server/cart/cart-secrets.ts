// How the cart's secrets are stored: never as given. Gift cards' pins are hashed with scrypt (slow on purpose,
// salted); the checkout's password for the account to be made is hashed as every account password is, with argon2id
// (accounts/password-hash.ts), so the account made at placement takes the hash as it is; customer service's
// impersonation keys are long and random, so a plain SHA-256 is enough to find one by its hash.
import { createHash, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto'

export function hashPin(pin: string): string {
  const salt = randomBytes(16)
  return `scrypt$${salt.toString('base64url')}$${scryptSync(pin, salt, 32).toString('base64url')}`
}

/** Whether `secret` is the one `hashPin` made `stored` from; compared in constant time. */
export function matchesPin(secret: string, stored: string): boolean {
  const [scheme, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const given = scryptSync(secret, Buffer.from(salt, 'base64url'), expected.length)
  return timingSafeEqual(given, expected)
}

export const impersonationKeyHash = (key: string) => createHash('sha256').update(key).digest('base64url')
