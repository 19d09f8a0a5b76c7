// Gift card queries (Kysely only). A card's balance moves only by conditional UPDATEs in the transaction of the order
// it pays (taken at placement, given back when the unpaid order ends), never by a read-modify-write.
import { sql, type Transaction } from 'kysely'
import type { Db, Dialect } from '../db/database.ts'
import type { Database } from '../db/schema.ts'
import type { GiftCardTable } from '../db/tables/gift-cards.ts'

type Executor = Db | Transaction<Database>

export type GiftCardRow = GiftCardTable

/** A card by its number; `lock` holds its row until the transaction ends (PostgreSQL FOR UPDATE). */
export async function findGiftCard(db: Executor, number: string, lock?: Dialect): Promise<GiftCardRow | undefined> {
  const query = db.selectFrom('giftCards').selectAll().where('number', '=', number)
  return (lock === 'postgres' ? query.forUpdate() : query).executeTakeFirst()
}

/**
 * Takes `amount` cents from a card if its balance covers it: one conditional UPDATE, so two orders paid with one
 * card can never take more than its balance together. False when it does not cover it (nothing changed).
 */
export async function takeGiftCardBalance(trx: Transaction<Database>, number: string, amount: number, at: Date) {
  const result = await trx
    .updateTable('giftCards')
    .set({ balance: sql`balance - ${amount}`, updatedAt: at.toISOString() })
    .where('number', '=', number)
    .where('balance', '>=', amount)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

export async function giveGiftCardBalanceBack(trx: Transaction<Database>, number: string, amount: number, at: Date) {
  await trx
    .updateTable('giftCards')
    .set({ balance: sql`balance + ${amount}`, updatedAt: at.toISOString() })
    .where('number', '=', number)
    .execute()
}

/** Adds cards that do not exist yet; an existing card (and what was spent of it) is left as it is. */
export async function insertGiftCards(db: Executor, cards: GiftCardRow[]): Promise<void> {
  if (cards.length === 0) return
  await db
    .insertInto('giftCards')
    .values(cards)
    .onConflict((oc) => oc.column('number').doNothing())
    .execute()
}
