// Accounts and the tokens of the links mailed to them (src/server/accounts/, migration 0015). JSON columns (billing,
// shipping, company) are read and written with the domain's schemas in the accounts repository.
import type { Generated } from 'kysely'
import type { Bool } from './columns.ts'

export interface AccountTable {
  id: Generated<number>
  siteId: number
  /** The language the account's mails go out in. */
  languageId: number
  /** As the customer typed it. */
  emailAddress: string
  /** Trimmed and lower-cased: unique per site, what sign-in looks up. */
  emailKey: string
  /** argon2id, PHC string. */
  passwordHash: string
  firstName: string
  lastName: string
  /** E.164. */
  phoneNumber: string
  /** JSON: an address. */
  billing: string
  /** JSON: an address, or null. */
  shipping: string | null
  /** JSON: company name and VAT number, or null. */
  company: string | null
  alternativeShippingAddress: Bool
  newsletter: Bool
  /** Null until the activation link is followed; sign-in needs it. */
  activatedAt: string | null
  /** Sessions made before this moment no longer count (a reset or change of the password ends them). */
  passwordChangedAt: string
  createdAt: string
  updatedAt: string
}

export type AccountTokenPurpose = 'activation' | 'passwordReset' | 'emailChange'

export interface AccountTokenTable {
  /** SHA-256 (base64url) of the token; the token itself is only ever in the mail. */
  tokenHash: string
  accountId: number
  purpose: AccountTokenPurpose
  /** For an e-mail change: the address that becomes the account's once this token is used. */
  newEmailAddress: string | null
  createdAt: string
  expiresAt: string
  /** Single use: set when the link is followed. */
  usedAt: string | null
}

/** A captcha solution already used, kept until its challenge expires. */
export interface CaptchaSpentTable {
  signature: string
  expiresAt: string
}

export interface AccountTables {
  accounts: AccountTable
  accountTokens: AccountTokenTable
  captchaSpent: CaptchaSpentTable
}
