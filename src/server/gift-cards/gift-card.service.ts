// Gift cards: checking a card a shopper types in (number, pin, the site it belongs to, a balance above 0). Every way a
// check fails answers the same 400 `giftCardInvalid` ("Kaartgegevens incorrect of saldo 0."), and an unknown number
// costs the same scrypt as a wrong pin, so neither the answer nor its time tells whether a number exists. The routes
// that check cards count against the `giftCardCheck` rate limit, per address and per card number, so pins cannot be
// guessed. The balance is taken at placement (orders/order.service.ts), never here.
import { AppError } from '../../domain/errors.ts'
import type { SiteRecord } from '../sites/site.directory.ts'
import { hashPin, matchesPin } from '../cart/cart-secrets.ts'
import type { Db } from '../db/database.ts'
import { findGiftCard, type GiftCardRow } from './gift-card.repository.ts'

/** The payment method code that stands for the shop's gift card; a site accepts cards when it offers it. */
export const GIFT_CARD_METHOD = 'giftcard'

/** The number as stored: digits only (shoppers type spaces or dashes in groups of four). */
export const normaliseCardNumber = (number: string) => number.replace(/[\s-]/g, '')

/** A card number for the API, a mail or a log line: its last four digits only. */
export const maskCardNumber = (number: string) => `•••• ${number.slice(-4)}`

export const giftCardInvalid = (status: 400 | 409 = 400) =>
  new AppError('giftCardInvalid', status, 'The gift card number or pin is wrong, or its balance is 0.')

export const acceptsGiftCards = (site: SiteRecord) => site.paymentMethods.some((m) => m.code === GIFT_CARD_METHOD)

/** A hash no pin matches, checked for an unknown number so that it takes as long as a wrong pin (made once). */
let noCard: string | undefined
const noCardHash = () => (noCard ??= hashPin('no card has this pin'))

/**
 * The card with this number and pin, of the site, with a balance: read outside any transaction (scrypt is slow on
 * purpose and must not hold SQLite's write lock). Throws `giftCardInvalid` otherwise.
 */
export async function checkGiftCard(db: Db, site: SiteRecord, number: string, pin: string): Promise<GiftCardRow> {
  const normalised = normaliseCardNumber(number)
  const card = /^\d{12,19}$/.test(normalised) ? await findGiftCard(db, normalised) : undefined
  const pinMatches = matchesPin(pin.trim(), card?.pinHash ?? noCardHash())
  if (!card || !pinMatches || !acceptsGiftCards(site) || card.siteId !== site.id || card.balance <= 0)
    throw giftCardInvalid()
  return card
}
