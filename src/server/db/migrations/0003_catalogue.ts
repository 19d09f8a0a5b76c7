import { sql, type Kysely } from 'kysely'

// The catalogue: product groups and facet values, products with their texts, variants, prices per site,
// stock, related products, bundle items, reviews, landing pages, and notify-me requests.
//
// Versions: `catalogue_state.version` counts catalogue changes. Every write that changes what a product looks like on
// any site (its texts, variants, prices, stock, reviews …) stamps the product with the new version, in the same
// transaction, so the app's delta sync asks for "products with a version above N". Products are never deleted, only
// marked `is_deleted` (a tombstone), so a delta can tell a client to drop one. Labels (groups, facet values, landing
// pages) have their own version, since they are sent only when they changed.

// oxlint-disable-next-line typescript/no-explicit-any -- migrations are frozen in time and must not follow the live schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('catalogue_state')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('labels_version', 'integer', (c) => c.notNull())
    .addColumn('labels_hash', 'text', (c) => c.notNull())
    .execute()
  await db.insertInto('catalogue_state').values({ id: 1, version: 0, labels_version: 0, labels_hash: '' }).execute()

  await db.schema
    .createTable('product_groups')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('product_group_texts')
    .addColumn('product_group_key', 'text', (c) => c.notNull().references('product_groups.key').onDelete('cascade'))
    .addColumn('language_id', 'integer', (c) => c.notNull().references('languages.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_group_texts_pk', ['product_group_key', 'language_id'])
    .execute()

  await db.schema
    .createTable('facet_values')
    .addColumn('facet_key', 'text', (c) => c.notNull())
    .addColumn('value_key', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('facet_values_pk', ['facet_key', 'value_key'])
    .execute()
  await db.schema
    .createTable('facet_value_texts')
    .addColumn('facet_key', 'text', (c) => c.notNull())
    .addColumn('value_key', 'text', (c) => c.notNull())
    .addColumn('language_id', 'integer', (c) => c.notNull().references('languages.id'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('facet_value_texts_pk', ['facet_key', 'value_key', 'language_id'])
    .addForeignKeyConstraint('facet_value_texts_value', ['facet_key', 'value_key'], 'facet_values', [
      'facet_key',
      'value_key',
    ])
    .execute()

  await db.schema
    .createTable('products')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('product_type', 'integer', (c) => c.notNull().check(sql`product_type between 1 and 6`))
    .addColumn('product_group_key', 'text', (c) => c.notNull().references('product_groups.key'))
    .addColumn('facets', 'text', (c) => c.notNull())
    .addColumn('vat_type', 'text', (c) => c.notNull().check(sql`vat_type in ('high', 'low')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('available', 'comingSoon', 'notYetAvailable')`))
    .addColumn('shelf_life_months', 'integer')
    .addColumn('nutrition', 'text')
    .addColumn('videos', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('is_deleted', 'boolean', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('products_version').on('products').column('version').execute()

  await db.schema
    .createTable('product_texts')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('language_id', 'integer', (c) => c.notNull().references('languages.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('short_description', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('usage', 'text', (c) => c.notNull())
    .addColumn('seo_title', 'text', (c) => c.notNull())
    .addColumn('seo_description', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_texts_pk', ['product_id', 'language_id'])
    .execute()

  await db.schema
    .createTable('product_variants')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('ean', 'text')
    .addColumn('article_number', 'text', (c) => c.notNull().unique())
    .addColumn('package', 'text', (c) => c.notNull())
    .addColumn('weight_grams', 'integer')
    .addColumn('content_millilitres', 'integer')
    .addColumn('colour', 'text')
    .addColumn('dimensions', 'text')
    .addColumn('quantity_per_pallet', 'integer')
    .addColumn('is_deleted', 'boolean', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('product_variants_product').on('product_variants').column('product_id').execute()

  // A variant is sold on a site when it has a price there. Amounts are integer cents in the site's currency.
  await db.schema
    .createTable('variant_prices')
    .addColumn('variant_id', 'integer', (c) => c.notNull().references('product_variants.id').onDelete('cascade'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents > 0`))
    .addColumn('original_price_cents', 'integer')
    .addPrimaryKeyConstraint('variant_prices_pk', ['variant_id', 'site_id'])
    .execute()
  await db.schema.createIndex('variant_prices_site').on('variant_prices').column('site_id').execute()

  await db.schema
    .createTable('variant_stock')
    .addColumn('variant_id', 'integer', (c) => c.primaryKey().references('product_variants.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('related_products')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('related_product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('related_products_pk', ['product_id', 'related_product_id'])
    .execute()

  await db.schema
    .createTable('bundle_items')
    .addColumn('bundle_product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('variant_id', 'integer', (c) => c.notNull().references('product_variants.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('bundle_items_pk', ['bundle_product_id', 'variant_id'])
    .execute()

  await db.schema
    .createTable('reviews')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('language_id', 'integer', (c) => c.notNull().references('languages.id'))
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('reviews_product').on('reviews').column('product_id').execute()

  await db.schema
    .createTable('landing_pages')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('filters', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('landing_page_texts')
    .addColumn('landing_page_id', 'integer', (c) => c.notNull().references('landing_pages.id').onDelete('cascade'))
    .addColumn('language_id', 'integer', (c) => c.notNull().references('languages.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('intro', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('landing_page_texts_pk', ['landing_page_id', 'language_id'])
    .execute()

  // "Notify me" requests for products that are not yet available: one per site, variant and address; the e-mail is
  // sent by the back-in-stock feature, which fills `notified_at`.
  await db.schema
    .createTable('stock_reminders')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('variant_id', 'integer', (c) => c.notNull().references('product_variants.id').onDelete('cascade'))
    .addColumn('email_address', 'text', (c) => c.notNull())
    .addColumn('language_id', 'integer', (c) => c.notNull().references('languages.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('notified_at', 'text')
    .addPrimaryKeyConstraint('stock_reminders_pk', ['site_id', 'variant_id', 'email_address'])
    .execute()
}

// oxlint-disable-next-line typescript/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'stock_reminders',
    'landing_page_texts',
    'landing_pages',
    'reviews',
    'bundle_items',
    'related_products',
    'variant_stock',
    'variant_prices',
    'product_variants',
    'product_texts',
    'products',
    'facet_value_texts',
    'facet_values',
    'product_group_texts',
    'product_groups',
    'catalogue_state',
  ])
    await db.schema.dropTable(table).execute()
}
