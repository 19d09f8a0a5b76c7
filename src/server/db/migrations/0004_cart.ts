import type { Kysely } from 'kysely'

// The cart: carts with their lines, the prices around them (shipping rates, payment costs, promotions,
// discount codes, each per site), the idempotency keys that make a repeated request have one effect, and the keys
// customer service issues to open a customer's cart.
//
// A cart's id is a random UUID (unguessable: knowing it is what gives a guest access). Its address, billing and
// company details are JSON documents checked with the domain schemas when written and read. Lines keep their samples
// (scan products) as a JSON list of names, numbered by their place.
//
// Idempotency keys: a request with an `Idempotency-Key` first claims its key (state 'pending'), then applies its
// change and stores its answer (state 'done') in one transaction, so an answer lost on the way can be sent again
// without doing the change twice. Keys are kept at least 7 days.

// oxlint-disable-next-line typescript/no-explicit-any -- migrations are frozen in time and must not follow the live schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('shipping_rates')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('shipping_method', 'integer', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('free_from_cents', 'integer')
    .addPrimaryKeyConstraint('shipping_rates_pk', ['site_id', 'shipping_method'])
    .execute()

  await db.schema
    .createTable('payment_costs')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('payment_method_id', 'integer', (c) => c.notNull().references('payment_methods.id'))
    .addColumn('cost_cents', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_costs_pk', ['site_id', 'payment_method_id'])
    .execute()

  await db.schema
    .createTable('promotions')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('buy', 'integer')
    .addColumn('free', 'integer')
    .addColumn('percentage', 'integer')
    .addColumn('valid_from', 'text')
    .addColumn('valid_to', 'text')
    .execute()
  await db.schema
    .createTable('promotion_variants')
    .addColumn('promotion_id', 'integer', (c) => c.notNull().references('promotions.id').onDelete('cascade'))
    .addColumn('variant_id', 'integer', (c) => c.notNull().references('product_variants.id'))
    .addPrimaryKeyConstraint('promotion_variants_pk', ['promotion_id', 'variant_id'])
    .execute()
  await db.schema
    .createTable('promotion_sites')
    .addColumn('promotion_id', 'integer', (c) => c.notNull().references('promotions.id').onDelete('cascade'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('promotion_sites_pk', ['promotion_id', 'site_id'])
    .execute()

  await db.schema
    .createTable('discount_codes')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('minimum_order_cents', 'integer', (c) => c.notNull())
    .addColumn('valid_from', 'text')
    .addColumn('valid_to', 'text')
    .execute()
  await db.schema
    .createTable('discount_code_sites')
    .addColumn('discount_code_id', 'integer', (c) => c.notNull().references('discount_codes.id').onDelete('cascade'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('discount_code_sites_pk', ['discount_code_id', 'site_id'])
    .execute()

  await db.schema
    .createTable('carts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('language_id', 'integer', (c) => c.notNull().references('languages.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_modified', 'text', (c) => c.notNull())
    .addColumn('client_ip', 'text')
    .addColumn('store_id', 'text')
    .addColumn('billing', 'text')
    .addColumn('shipping_address', 'text')
    .addColumn('shipping_method', 'integer', (c) => c.notNull())
    .addColumn('company', 'text')
    .addColumn('alternative_shipping_address', 'boolean', (c) => c.notNull())
    .addColumn('newsletter_subscribe', 'boolean', (c) => c.notNull())
    .addColumn('payment_method_id', 'integer')
    .addColumn('mailplus_id', 'text')
    .addColumn('discount_code', 'text')
    .addColumn('dealer_id', 'integer')
    .addColumn('dpd_parcel_shop_id', 'text')
    .addColumn('dpd_parcel_shop_zipcode_or_city', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('confirm_url', 'text')
    .execute()
  await db.schema.createIndex('carts_last_modified').on('carts').column('last_modified').execute()

  await db.schema
    .createTable('cart_lines')
    .addColumn('cart_id', 'text', (c) => c.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('product_variant_id', 'integer', (c) => c.notNull().references('product_variants.id'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('samples', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cart_lines_pk', ['cart_id', 'product_variant_id'])
    .execute()

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('cart_id', 'text')
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('idempotency_keys_created_at').on('idempotency_keys').column('created_at').execute()

  await db.schema
    .createTable('impersonation_keys')
    .addColumn('key_hash', 'text', (c) => c.primaryKey())
    .addColumn('cart_id', 'text', (c) => c.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute()
}

// oxlint-disable-next-line typescript/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'impersonation_keys',
    'idempotency_keys',
    'cart_lines',
    'carts',
    'discount_code_sites',
    'discount_codes',
    'promotion_sites',
    'promotion_variants',
    'promotions',
    'payment_costs',
    'shipping_rates',
  ])
    await db.schema.dropTable(table).execute()
}
