// The accounts' and account tokens' queries. A row leaves here as an AccountRecord: its JSON columns (billing,
// shipping, company) parsed with the domain's schemas, its booleans as booleans. Times are ISO strings from the
// accounts service's clock, so a test's clock decides what has expired on both dialects.
import type { Selectable } from 'kysely'
import type { Address, Company } from '../../domain/address.ts'
import { AddressSchema, CompanySchema } from '../../domain/address.ts'
import type { Db } from '../db/database.ts'
import { jsonColumn } from '../db/json-column.ts'
import type { AccountTable, AccountTokenPurpose } from '../db/tables/accounts.ts'
import type { Executor } from '../jobs/job.repository.ts'

const billingColumn = jsonColumn('accounts', 'billing', AddressSchema)
const shippingColumn = jsonColumn('accounts', 'shipping', AddressSchema)
const companyColumn = jsonColumn('accounts', 'company', CompanySchema)

export interface AccountRecord {
  id: number
  siteId: number
  languageId: number
  emailAddress: string
  emailKey: string
  passwordHash: string
  firstName: string
  lastName: string
  phoneNumber: string
  billing: Address
  shipping: Address | null
  company: Company | null
  alternativeShippingAddress: boolean
  newsletter: boolean
  activatedAt: string | null
  passwordChangedAt: string
  createdAt: string
  updatedAt: string
}

/** The key an address is found by: trimmed and lower-cased (one account per address, however it is typed). */
export const emailKeyOf = (address: string) => address.trim().toLowerCase()

type Row = Selectable<AccountTable>

function toRecord(row: Row): AccountRecord {
  return {
    ...row,
    id: Number(row.id),
    siteId: Number(row.siteId),
    languageId: Number(row.languageId),
    billing: billingColumn.parse(row.billing),
    shipping: shippingColumn.parseNullable(row.shipping),
    company: companyColumn.parseNullable(row.company),
    alternativeShippingAddress: Boolean(row.alternativeShippingAddress),
    newsletter: Boolean(row.newsletter),
  }
}

export type NewAccount = Omit<AccountRecord, 'id' | 'emailKey'>

export async function insertAccount(trx: Executor, account: NewAccount): Promise<number> {
  const row = await trx
    .insertInto('accounts')
    .values({
      ...account,
      emailKey: emailKeyOf(account.emailAddress),
      billing: billingColumn.serialise(account.billing),
      shipping: account.shipping && shippingColumn.serialise(account.shipping),
      company: account.company && companyColumn.serialise(account.company),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(row.id)
}

export async function findAccount(db: Executor, siteId: number, id: number): Promise<AccountRecord | undefined> {
  const row = await db
    .selectFrom('accounts')
    .selectAll()
    .where('id', '=', id)
    .where('siteId', '=', siteId)
    .executeTakeFirst()
  return row && toRecord(row)
}

export async function findAccountByEmail(
  db: Executor,
  siteId: number,
  emailAddress: string,
): Promise<AccountRecord | undefined> {
  const row = await db
    .selectFrom('accounts')
    .selectAll()
    .where('siteId', '=', siteId)
    .where('emailKey', '=', emailKeyOf(emailAddress))
    .executeTakeFirst()
  return row && toRecord(row)
}

export type AccountChanges = Partial<
  Pick<
    AccountRecord,
    | 'emailAddress'
    | 'passwordHash'
    | 'firstName'
    | 'lastName'
    | 'phoneNumber'
    | 'billing'
    | 'shipping'
    | 'company'
    | 'alternativeShippingAddress'
    | 'newsletter'
    | 'activatedAt'
    | 'passwordChangedAt'
    | 'languageId'
  >
>

export async function updateAccount(trx: Executor, id: number, changes: AccountChanges, now: string): Promise<void> {
  const { billing, shipping, company, emailAddress, ...rest } = changes
  await trx
    .updateTable('accounts')
    .set({
      ...rest,
      ...(emailAddress !== undefined && { emailAddress, emailKey: emailKeyOf(emailAddress) }),
      ...(billing !== undefined && { billing: billingColumn.serialise(billing) }),
      ...(shipping !== undefined && { shipping: shipping && shippingColumn.serialise(shipping) }),
      ...(company !== undefined && { company: company && companyColumn.serialise(company) }),
      updatedAt: now,
    })
    .where('id', '=', id)
    .execute()
}

export interface StoredToken {
  tokenHash: string
  accountId: number
  purpose: AccountTokenPurpose
  newEmailAddress: string | null
  createdAt: string
  expiresAt: string
  usedAt: string | null
}

export async function insertToken(trx: Executor, token: Omit<StoredToken, 'usedAt'>): Promise<void> {
  await trx
    .insertInto('accountTokens')
    .values({ ...token, usedAt: null })
    .execute()
}

export async function findToken(db: Executor, tokenHash: string): Promise<StoredToken | undefined> {
  const row = await db.selectFrom('accountTokens').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst()
  return row && { ...row, accountId: Number(row.accountId) }
}

/** Marks a token used; false when another request used it first (single use, also under a race). */
export async function useToken(trx: Executor, tokenHash: string, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('accountTokens')
    .set({ usedAt: now })
    .where('tokenHash', '=', tokenHash)
    .where('usedAt', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** The account's open tokens of a purpose stop working: only the newest link mailed counts. */
export async function retireTokens(
  trx: Executor,
  accountId: number,
  purpose: AccountTokenPurpose,
  now: string,
): Promise<void> {
  await trx
    .updateTable('accountTokens')
    .set({ usedAt: now })
    .where('accountId', '=', accountId)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .execute()
}

/** Deletes tokens that expired before `before`; answers how many. */
export async function deleteOldTokens(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('accountTokens').where('expiresAt', '<', before).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/**
 * Ends the account's sessions, all but `keepIdHash` when given: a password reset or change must log out whoever
 * else holds the account (a stolen session, a shared computer).
 */
export async function deleteAccountSessions(trx: Executor, accountId: number, keepIdHash?: string): Promise<number> {
  let query = trx.deleteFrom('sessions').where('accountId', '=', accountId)
  if (keepIdHash) query = query.where('idHash', '!=', keepIdHash)
  const result = await query.executeTakeFirst()
  return Number(result.numDeletedRows)
}
