// Cart queries (Kysely only). Writes take the transaction of the request they belong to, so a change, its checks and
// its idempotency record commit together or not at all. Rows go in and come out as domain shapes: JSON columns
// parsed with their schemas, flags as booleans.
import type { Transaction } from 'kysely'
import { z } from 'zod'
import { CompanySchema, ShippingAddressSchema, type Company, type ShippingAddress } from '../../domain/address.ts'
import { BillingSchema, type Billing } from '../../domain/cart-api.ts'
import type { DiscountCodeRule } from '../../domain/cart-calculation.ts'
import type { Db, Dialect } from '../db/database.ts'
import { jsonColumn } from '../db/json-column.ts'
import type { Database } from '../db/schema.ts'
import type { CartLineTable, CartTable, IdempotencyKeyTable } from '../db/tables/cart.ts'

type Executor = Db | Transaction<Database>

const billing = jsonColumn('carts', 'billing', BillingSchema)
const shippingAddress = jsonColumn('carts', 'shippingAddress', ShippingAddressSchema)
const company = jsonColumn('carts', 'company', CompanySchema)
const samples = jsonColumn('cartLines', 'samples', z.array(z.string()))
const responseBody = jsonColumn('idempotencyKeys', 'responseBody', z.unknown())

type JsonOrFlag = 'billing' | 'shippingAddress' | 'company' | 'alternativeShippingAddress' | 'newsletterSubscribe'

/** A stored cart (its lines apart). */
export interface CartRow extends Omit<CartTable, JsonOrFlag> {
  billing: Billing | null
  shippingAddress: ShippingAddress | null
  company: Company | null
  alternativeShippingAddress: boolean
  newsletterSubscribe: boolean
}

/** A line as the cart service reads and writes it (the cart and the order are the repository's). */
export interface CartLineRow extends Omit<CartLineTable, 'cartId' | 'position' | 'samples'> {
  /** The samples' names, in order (scan products). */
  samples: string[]
}

const cartOfRow = (row: CartTable): CartRow => ({
  ...row,
  billing: billing.parseNullable(row.billing),
  shippingAddress: shippingAddress.parseNullable(row.shippingAddress),
  company: company.parseNullable(row.company),
  alternativeShippingAddress: Boolean(row.alternativeShippingAddress),
  newsletterSubscribe: Boolean(row.newsletterSubscribe),
})

/** The columns of a cart, or of the part of it that a change sets. */
function columnsOf<T extends Partial<CartRow>>(cart: T) {
  const { billing: b, shippingAddress: address, company: c, ...rest } = cart
  return {
    ...rest,
    ...(b !== undefined && { billing: b && billing.serialise(b) }),
    ...(address !== undefined && { shippingAddress: address && shippingAddress.serialise(address) }),
    ...(c !== undefined && { company: c && company.serialise(c) }),
  }
}

export async function findCart(db: Executor, id: string): Promise<CartRow | undefined> {
  const row = await db.selectFrom('carts').selectAll().where('id', '=', id).executeTakeFirst()
  return row && cartOfRow(row)
}

/**
 * Reads a cart for a change, holding it until the transaction ends (PostgreSQL: a row lock, so two changes to one cart
 * never both read the lines before either writes; SQLite: writes already take the database lock at BEGIN IMMEDIATE).
 */
export async function lockCart(trx: Transaction<Database>, dialect: Dialect, id: string): Promise<CartRow | undefined> {
  const query = trx.selectFrom('carts').selectAll().where('id', '=', id)
  const row = await (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst()
  return row && cartOfRow(row)
}

export async function findCartLines(db: Executor, cartId: string): Promise<CartLineRow[]> {
  const rows = await db
    .selectFrom('cartLines')
    .select(['productVariantId', 'productId', 'count', 'samples'])
    .where('cartId', '=', cartId)
    .orderBy('position')
    .execute()
  return rows.map((row) => ({ ...row, samples: samples.parse(row.samples) }))
}

export async function insertCart(trx: Transaction<Database>, row: CartRow): Promise<void> {
  await trx.insertInto('carts').values(columnsOf(row)).execute()
}

export type CartPatch = Partial<Omit<CartRow, 'id' | 'siteId' | 'createdAt'>>

export async function updateCart(trx: Transaction<Database>, id: string, patch: CartPatch): Promise<void> {
  await trx.updateTable('carts').set(columnsOf(patch)).where('id', '=', id).execute()
}

/** Writes a cart's lines as they are now (a cart holds at most 100), in their order. */
export async function replaceCartLines(
  trx: Transaction<Database>,
  cartId: string,
  lines: CartLineRow[],
): Promise<void> {
  await trx.deleteFrom('cartLines').where('cartId', '=', cartId).execute()
  if (lines.length === 0) return
  await trx
    .insertInto('cartLines')
    .values(lines.map((line, position) => ({ cartId, position, ...line, samples: samples.serialise(line.samples) })))
    .execute()
}

/** Stock per variant as the database has it now (a missing row is no stock). */
export async function findStock(db: Executor, variantIds: readonly number[]): Promise<Map<number, number>> {
  if (variantIds.length === 0) return new Map()
  const rows = await db
    .selectFrom('variantStock')
    .select(['variantId', 'amount'])
    .where('variantId', 'in', variantIds)
    .execute()
  return new Map(rows.map((r) => [r.variantId, r.amount]))
}

export function findShippingRates(db: Executor, siteId: number) {
  return db
    .selectFrom('shippingRates')
    .select(['shippingMethod', 'priceCents', 'freeFromCents'])
    .where('siteId', '=', siteId)
    .orderBy('shippingMethod')
    .execute()
}

export function findPaymentCosts(db: Executor, siteId: number) {
  return db
    .selectFrom('paymentCosts')
    .select(['paymentMethodId', 'costCents'])
    .where('siteId', '=', siteId)
    .orderBy('paymentMethodId')
    .execute()
}

/** The promotions of a site with their variants (the calculation decides which run at a moment). */
export async function findPromotions(db: Executor, siteId: number) {
  const [promotions, variants] = await Promise.all([
    db
      .selectFrom('promotions as p')
      .innerJoin('promotionSites as s', 's.promotionId', 'p.id')
      .selectAll('p')
      .where('s.siteId', '=', siteId)
      .orderBy('p.id')
      .execute(),
    db
      .selectFrom('promotionVariants as v')
      .innerJoin('promotionSites as s', 's.promotionId', 'v.promotionId')
      .select(['v.promotionId', 'v.variantId'])
      .where('s.siteId', '=', siteId)
      .orderBy('v.variantId')
      .execute(),
  ])
  return promotions.map((p) => ({
    ...p,
    variantIds: variants.filter((v) => v.promotionId === p.id).map((v) => v.variantId),
  }))
}

/** The rule of a site's discount code, looked up without regard to case; null when the site has no such code. */
export async function findDiscountRule(db: Executor, siteId: number, code: string): Promise<DiscountCodeRule | null> {
  const row = await db
    .selectFrom('discountCodes as d')
    .innerJoin('discountCodeSites as s', 's.discountCodeId', 'd.id')
    .select(['d.code', 'd.kind', 'd.value', 'd.minimumOrderCents', 'd.validFrom', 'd.validTo'])
    .where('s.siteId', '=', siteId)
    .where('d.code', '=', code.toUpperCase())
    .executeTakeFirst()
  return row ?? null
}

// Idempotency keys.

/** A key's record; `responseBody` is the stored answer's body, undefined for none. */
export interface IdempotencyRecord extends Omit<IdempotencyKeyTable, 'createdAt' | 'responseBody'> {
  responseBody: unknown
}

/** Claims a key for a request; false when the key is known already (see findIdempotencyKey). */
export async function claimIdempotencyKey(
  db: Executor,
  record: { key: string; cartId: string | null; requestHash: string; at: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('idempotencyKeys')
    .values({
      key: record.key,
      cartId: record.cartId,
      requestHash: record.requestHash,
      state: 'pending',
      claimedAt: record.at,
      statusCode: null,
      responseBody: null,
      createdAt: record.at,
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst()
  return inserted !== undefined
}

export async function findIdempotencyKey(db: Executor, key: string): Promise<IdempotencyRecord | undefined> {
  const row = await db
    .selectFrom('idempotencyKeys')
    .select(['key', 'cartId', 'requestHash', 'state', 'claimedAt', 'statusCode', 'responseBody'])
    .where('key', '=', key)
    .executeTakeFirst()
  return row && { ...row, responseBody: row.responseBody === null ? undefined : responseBody.parse(row.responseBody) }
}

/** Takes over a claim nobody finished (its server stopped half-way): only if it is still the claim we saw. */
export async function reclaimIdempotencyKey(
  db: Executor,
  key: string,
  seenClaim: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('idempotencyKeys')
    .set({ claimedAt: at })
    .where('key', '=', key)
    .where('state', '=', 'pending')
    .where('claimedAt', '=', seenClaim)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Stores the answer of a claimed key; false when the claim is no longer ours. */
export async function completeIdempotencyKey(
  db: Executor,
  key: string,
  claim: string,
  answer: { cartId: string | null; statusCode: number; responseBody: unknown },
): Promise<boolean> {
  const result = await db
    .updateTable('idempotencyKeys')
    .set({
      state: 'done',
      cartId: answer.cartId,
      statusCode: answer.statusCode,
      responseBody: answer.responseBody === undefined ? null : responseBody.serialise(answer.responseBody),
    })
    .where('key', '=', key)
    .where('state', '=', 'pending')
    .where('claimedAt', '=', claim)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Gives a claim up (the request failed on the server's side), so a retry can run it. */
export async function releaseIdempotencyKey(db: Executor, key: string, claim: string): Promise<void> {
  await db
    .deleteFrom('idempotencyKeys')
    .where('key', '=', key)
    .where('state', '=', 'pending')
    .where('claimedAt', '=', claim)
    .execute()
}

/** Forgets keys made before a moment; returns how many. */
export async function deleteIdempotencyKeysBefore(db: Executor, before: string): Promise<number> {
  const result = await db.deleteFrom('idempotencyKeys').where('createdAt', '<', before).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** Forgets carts nobody changed since a moment (their lines, keys and impersonation keys go with them). */
export async function deleteCartsModifiedBefore(db: Executor, before: string): Promise<number> {
  const result = await db.deleteFrom('carts').where('lastModified', '<', before).executeTakeFirst()
  return Number(result.numDeletedRows)
}

// Impersonation keys (customer service opens a customer's cart with one).

export async function insertImpersonationKey(
  db: Executor,
  row: { keyHash: string; cartId: string; createdAt: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('impersonationKeys')
    .values({ ...row, usedAt: null })
    .execute()
}

/** Uses a key once: the cart it opens, if the key exists, is unused and unexpired; it is spent either way. */
export async function useImpersonationKey(
  trx: Transaction<Database>,
  keyHash: string,
  at: string,
): Promise<string | undefined> {
  const used = await trx
    .updateTable('impersonationKeys')
    .set({ usedAt: at })
    .where('keyHash', '=', keyHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', at)
    .returning('cartId')
    .executeTakeFirst()
  return used?.cartId
}

/** For the hourly clean-up: keys that can no longer be used. */
export async function deleteSpentImpersonationKeys(db: Executor, at: string): Promise<void> {
  await db
    .deleteFrom('impersonationKeys')
    .where((eb) => eb.or([eb('usedAt', 'is not', null), eb('expiresAt', '<=', at)]))
    .execute()
}
