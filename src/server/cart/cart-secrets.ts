// How the cart's secrets are stored: never as given. The checkout's password for the account to be made is hashed
// with scrypt (slow on purpose, salted); customer service's impersonation keys are long and random, so a plain
// SHA-256 is enough to find one by its hash.
import { createHash, randomBytes, scryptSync } from 'node:crypto'

export function hashPassword(password: string): string {
  const salt = randomBytes(16)
  return `scrypt$${salt.toString('base64url')}$${scryptSync(password, salt, 32).toString('base64url')}`
}

export const impersonationKeyHash = (key: string) => createHash('sha256').update(key).digest('base64url')
