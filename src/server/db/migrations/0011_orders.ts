import { sql, type Kysely } from 'kysely'

// Orders (src/server/orders/): a placed cart becomes an order with its lines, totals and addresses copied, so a later
// change of a price, a name or the cart never changes what was ordered.
// - `order_numbers`: one counter per site. The placing transaction increments it (UPDATE … RETURNING) and inserts the
//   order with the number it got; both commit or roll back together, so a refused or failed placement gives its number
//   back and the numbers of a site have no gaps. PostgreSQL holds the counter row locked until the commit (the next
//   placement of that site waits for it); SQLite has one writer at a time from BEGIN IMMEDIATE. A sequence would not
//   do: sequences are not transactional and leave a gap for every rolled-back insert.
// - `orders.key_hash`: the SHA-256 of the random key a guest opens the order with; the key itself is never stored.
// - `orders.expires_at`: until when an unpaid order holds its stock (null once paid or ended).
// - `carts.order_id`: set when the cart is placed; a placed cart is no longer changeable.

// oxlint-disable-next-line typescript/no-explicit-any -- migrations are frozen in time and must not follow the live schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('order_numbers')
    .addColumn('site_id', 'integer', (c) => c.primaryKey().references('sites.id').onDelete('cascade'))
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('language_id', 'integer', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .check(sql`status in ('created', 'open', 'paid', 'processing', 'sent', 'closed', 'cancelled', 'expired')`),
    )
    .addColumn('status_source', 'text', (c) => c.notNull())
    .addColumn('cart_id', 'text', (c) => c.notNull())
    .addColumn('email_address', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('billing_address', 'text', (c) => c.notNull())
    .addColumn('shipping_address', 'text', (c) => c.notNull())
    .addColumn('company', 'text')
    .addColumn('shipping_method', 'integer', (c) => c.notNull())
    .addColumn('dpd_parcel_shop_id', 'text')
    .addColumn('payment_method_id', 'integer')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('total_amount', 'integer', (c) => c.notNull())
    .addColumn('totals', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addUniqueConstraint('orders_site_number', ['site_id', 'number'])
    .execute()
  await db.schema
    .createTable('order_lines')
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('product_variant_id', 'integer', (c) => c.notNull())
    .addColumn('product_type', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('product_label', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('free_quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_amount', 'integer', (c) => c.notNull())
    .addColumn('vat_rate_percentage', 'real', (c) => c.notNull())
    .addColumn('total_amount', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_lines_pk', ['order_id', 'position'])
    .execute()
  await db.schema.alterTable('carts').addColumn('order_id', 'text').execute()
}

// oxlint-disable-next-line typescript/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('carts').dropColumn('order_id').execute()
  await db.schema.dropTable('order_lines').execute()
  await db.schema.dropTable('orders').execute()
  await db.schema.dropTable('order_numbers').execute()
}
