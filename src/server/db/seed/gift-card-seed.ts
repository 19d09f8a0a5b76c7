// The seeded gift cards (gift-cards.json; their numbers and pins for testers are in docs/payments.md). Only inserted,
// never overwritten: seeding again keeps the balance a tester spent. The pins are in the file as scrypt hashes only.
import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { currencyFromSymbol } from '../../../domain/currency.ts'
import { insertGiftCards } from '../../gift-cards/gift-card.repository.ts'
import type { Db } from '../database.ts'
import { loadSites } from './data.ts'

const GiftCardsFileSchema = z.object({
  cards: z.array(
    z.object({
      number: z.string().regex(/^\d{12,19}$/),
      siteKey: z.string(),
      balance: z.number().int().min(0),
      pinHash: z.string().startsWith('scrypt$'),
    }),
  ),
})

const SEEDED_AT = '2026-11-01T00:00:00.000Z'

export async function seedGiftCards(db: Db | Parameters<typeof insertGiftCards>[0]): Promise<number> {
  const { cards } = GiftCardsFileSchema.parse(
    JSON.parse(readFileSync(new URL('gift-cards.json', import.meta.url), 'utf8')),
  )
  const sites = loadSites().sites
  await insertGiftCards(
    db,
    cards.map((card) => {
      const site = sites.find((s) => s.key === card.siteKey)
      if (!site) throw new Error(`gift-cards.json names an unknown site ${card.siteKey}`)
      return {
        number: card.number,
        pinHash: card.pinHash,
        siteId: site.siteId,
        currency: currencyFromSymbol(site.currencySymbol),
        balance: card.balance,
        createdAt: SEEDED_AT,
        updatedAt: SEEDED_AT,
      }
    }),
  )
  return cards.length
}
