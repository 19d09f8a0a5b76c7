// Gift cards for tests: each test makes its own (a random number), so the cards' balances and the per-card rate limit
// of one test never touch another's.
import { randomInt } from 'node:crypto'
import { hashPin } from '../cart/cart-secrets.ts'
import type { Db } from '../db/database.ts'
import { findGiftCard, insertGiftCards } from './gift-card.repository.ts'

export const TEST_PIN = '424242'

/** A new card of a site (the Dutch one unless told) with this balance in cents; answers its number. */
export async function newGiftCard(
  db: Db,
  balance: number,
  { siteId = 1, pin = TEST_PIN, currency = 'EUR' }: { siteId?: number; pin?: string; currency?: string } = {},
): Promise<string> {
  const number = `6299${String(randomInt(1e6)).padStart(6, '0')}${String(randomInt(1e6)).padStart(6, '0')}`
  const at = new Date().toISOString()
  await insertGiftCards(db, [
    { number, pinHash: hashPin(pin), siteId, currency, balance, createdAt: at, updatedAt: at },
  ])
  return number
}

export const balanceOf = async (db: Db, number: string) => (await findGiftCard(db, number))!.balance
