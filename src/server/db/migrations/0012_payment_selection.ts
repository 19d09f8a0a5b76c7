import { sql, type Kysely } from 'kysely'

// The payment selection (src/server/cart/cart-payment.ts, docs/payments.md): the bank a payer chose, and gift cards
// that pay part of an order.
// - `carts.payment_issuer`, `orders.payment_issuer`: the issuer (iDEAL's bank) chosen in the checkout, as the
//   provider names it (`ideal_INGBNL2A`); copied to the order at placement and sent with its payment.
// - `gift_cards`: a card of one site, in that site's currency. The number is what the shopper types and the card is
//   found by; the pin is stored only as a salted scrypt hash. `balance` is in cents and never below 0: placing an
//   order takes its part with one conditional UPDATE (`balance >= n`), as stock is taken.
// - `carts.gift_card_number`: the card checked for this cart (its pin was right when it was added).
// - `orders.gift_card_number`, `orders.gift_card_amount`: the card and what it paid of the order; given back to the
//   card when the unpaid order is cancelled or expires.

// oxlint-disable-next-line typescript/no-explicit-any -- migrations are frozen in time and must not follow the live schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('gift_cards')
    .addColumn('number', 'text', (c) => c.primaryKey())
    .addColumn('pin_hash', 'text', (c) => c.notNull())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('balance', 'integer', (c) => c.notNull().check(sql`balance >= 0`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.alterTable('carts').addColumn('payment_issuer', 'text').execute()
  await db.schema.alterTable('carts').addColumn('gift_card_number', 'text').execute()
  await db.schema.alterTable('orders').addColumn('payment_issuer', 'text').execute()
  await db.schema.alterTable('orders').addColumn('gift_card_number', 'text').execute()
  await db.schema
    .alterTable('orders')
    .addColumn('gift_card_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
}

// oxlint-disable-next-line typescript/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('gift_card_amount').execute()
  await db.schema.alterTable('orders').dropColumn('gift_card_number').execute()
  await db.schema.alterTable('orders').dropColumn('payment_issuer').execute()
  await db.schema.alterTable('carts').dropColumn('gift_card_number').execute()
  await db.schema.alterTable('carts').dropColumn('payment_issuer').execute()
  await db.schema.dropTable('gift_cards').execute()
}
