// The tokens of the links mailed for activation, password reset and e-mail change: 256 random bits (twice the
// minimum), base64url so they travel in a query without escaping. Only their SHA-256 is stored: whoever reads the
// table or a backup cannot follow a link. A plain hash (no salt, no slow hash) is enough because the token itself is
// random and long; nothing can be guessed from its hash.
import { createHash, randomBytes } from 'node:crypto'
import type { AccountTokenPurpose } from '../db/tables/accounts.ts'

const HOUR_MS = 3_600_000

/**
 * How long a link works:
 * - activation 48 h: the mail may arrive while the customer is away from the computer (a weekend at the stable);
 *   the token proves no more than the address, and an expired one is easily sent again (resend confirmation).
 * - password reset 1 h: it grants the account to whoever holds the mail, and the customer asked for it just now.
 * - e-mail change 24 h: it moves the account to another address, so shorter than activation, but the new address's
 *   mailbox may only be read later that day.
 */
export const TOKEN_LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  activation: 48 * HOUR_MS,
  passwordReset: HOUR_MS,
  emailChange: 24 * HOUR_MS,
}

export const TOKEN_BYTES = 32

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url')

export function newToken(): { token: string; tokenHash: string } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url')
  return { token, tokenHash: hashToken(token) }
}
