// Gift cards (src/server/gift-cards/, migration 0012): a card of one site, its pin hashed, its balance in cents.

export interface GiftCardTable {
  /** Digits only, as the shopper types them without spaces. */
  number: string
  /** scrypt$<salt>$<hash> (cart/cart-secrets.ts): the pin itself is never stored. */
  pinHash: string
  siteId: number
  currency: string
  /** Cents; never below 0 (a check constraint, and every take is conditional on it). */
  balance: number
  createdAt: string
  updatedAt: string
}

export interface GiftCardTables {
  giftCards: GiftCardTable
}
