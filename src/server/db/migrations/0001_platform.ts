import { sql, type Kysely } from 'kysely'

// Sites, languages, countries, content and the URL table. Types are the common ground of SQLite and PostgreSQL:
// integer, text, boolean, double precision; JSON is kept as text and validated by the repositories.

// oxlint-disable-next-line typescript/no-explicit-any -- migrations are frozen in time and must not follow the live schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('languages')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('culture', 'text', (c) => c.notNull())
    .addColumn('localized_name', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('countries')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('region_code', 'text', (c) => c.notNull().unique())
    .addColumn('phone_country_code', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('country_names')
    .addColumn('country_id', 'integer', (c) => c.notNull().references('countries.id').onDelete('cascade'))
    .addColumn('language_id', 'integer', (c) => c.notNull().references('languages.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('country_names_pk', ['country_id', 'language_id'])
    .execute()

  await db.schema
    .createTable('zipcode_exclusions')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('country_id', 'integer', (c) => c.notNull().references('countries.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sqlIn('kind', ['exact', 'prefix', 'range'])))
    .addColumn('zipcode', 'text')
    .addColumn('prefix', 'text')
    .addColumn('range_from', 'text')
    .addColumn('range_to', 'text')
    .addColumn('description', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('zipcode_exclusions_country').on('zipcode_exclusions').column('country_id').execute()

  await db.schema
    .createTable('payment_methods')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('sites')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('brand_name', 'text', (c) => c.notNull())
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('country_id', 'integer', (c) => c.notNull().references('countries.id'))
    .addColumn('fallback_language_id', 'integer', (c) => c.notNull().references('languages.id'))
    .addColumn('currency_symbol', 'text', (c) => c.notNull())
    .addColumn('vat_percentage_high', 'double precision', (c) => c.notNull())
    .addColumn('vat_percentage_low', 'double precision', (c) => c.notNull())
    .addColumn('social_media', 'text', (c) => c.notNull())
    .addColumn('customer_service_phone', 'text', (c) => c.notNull())
    .addColumn('customer_service_email_address', 'text', (c) => c.notNull())
    .addColumn('payment_provider_configuration_id', 'text', (c) => c.notNull())
    .addColumn('google_recaptcha_key', 'text')
    .addColumn('gtm_container_id', 'text')
    .addColumn('maps_key', 'text')
    .addColumn('auto_redirect_if_not_in_same_country', 'boolean', (c) => c.notNull())
    .addColumn('enable_rqs', 'boolean', (c) => c.notNull())
    .addColumn('enable_stock_reminder_feature', 'boolean', (c) => c.notNull())
    .addColumn('is_default', 'boolean', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('site_domains')
    .addColumn('domain', 'text', (c) => c.primaryKey())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('is_primary', 'boolean', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('site_languages')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('language_id', 'integer', (c) => c.notNull().references('languages.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('path_prefix', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('site_languages_pk', ['site_id', 'language_id'])
    .addUniqueConstraint('site_languages_prefix', ['site_id', 'path_prefix'])
    .execute()

  await db.schema
    .createTable('site_texts')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('language_id', 'integer', (c) => c.notNull().references('languages.id'))
    .addColumn('customer_service_title', 'text', (c) => c.notNull())
    .addColumn('customer_service_text_bottom', 'text', (c) => c.notNull())
    .addColumn('customer_service_link', 'text', (c) => c.notNull())
    .addColumn('customer_service_phone_link', 'text', (c) => c.notNull())
    .addColumn('opening_hours', 'text', (c) => c.notNull())
    .addColumn('dealer_page_title', 'text', (c) => c.notNull())
    .addColumn('become_dealer_link', 'text')
    .addColumn('currency_conversion_disclaimer_link', 'text')
    .addColumn('rqs_content_page', 'text')
    .addPrimaryKeyConstraint('site_texts_pk', ['site_id', 'language_id'])
    .execute()

  await db.schema
    .createTable('site_payment_methods')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('payment_method_id', 'integer', (c) => c.notNull().references('payment_methods.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('site_payment_methods_pk', ['site_id', 'payment_method_id'])
    .execute()

  await db.schema
    .createTable('content_pages')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addUniqueConstraint('content_pages_site_key', ['site_id', 'key'])
    .execute()

  await db.schema
    .createTable('content_page_texts')
    .addColumn('content_page_id', 'integer', (c) => c.notNull().references('content_pages.id').onDelete('cascade'))
    .addColumn('language_id', 'integer', (c) => c.notNull().references('languages.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('seo_title', 'text', (c) => c.notNull())
    .addColumn('seo_description', 'text', (c) => c.notNull())
    .addColumn('blocks', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('content_page_texts_pk', ['content_page_id', 'language_id'])
    .execute()

  await db.schema
    .createTable('faqs')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('content_page_id', 'integer', (c) => c.notNull().references('content_pages.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('faqs_content_page').on('faqs').column('content_page_id').execute()

  await db.schema
    .createTable('faq_texts')
    .addColumn('faq_id', 'integer', (c) => c.notNull().references('faqs.id').onDelete('cascade'))
    .addColumn('language_id', 'integer', (c) => c.notNull().references('languages.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('faq_texts_pk', ['faq_id', 'language_id'])
    .execute()

  await db.schema
    .createTable('faq_items')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('faq_id', 'integer', (c) => c.notNull().references('faqs.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('faq_items_faq').on('faq_items').column('faq_id').execute()

  await db.schema
    .createTable('faq_item_texts')
    .addColumn('faq_item_id', 'integer', (c) => c.notNull().references('faq_items.id').onDelete('cascade'))
    .addColumn('language_id', 'integer', (c) => c.notNull().references('languages.id'))
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('faq_item_texts_pk', ['faq_item_id', 'language_id'])
    .execute()

  // The URL table: site + path → route kind and target. Later issues add products, advice, blogs … here.
  await db.schema
    .createTable('urls')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('language_id', 'integer', (c) => c.notNull().references('languages.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('route_key', 'text')
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('is_canonical', 'boolean', (c) => c.notNull())
    .addPrimaryKeyConstraint('urls_pk', ['site_id', 'path'])
    .execute()
  await db.schema.createIndex('urls_route_key').on('urls').columns(['site_id', 'route_key', 'language_id']).execute()

  for (const [table, owner] of [
    ['navigations', 'kind'],
    ['usp_collections', 'kind'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
      .addColumn(owner, 'text', (c) => c.notNull())
      .addUniqueConstraint(`${table}_site_kind`, ['site_id', owner])
      .execute()
  }
  await db.schema
    .createTable('navigation_texts')
    .addColumn('navigation_id', 'integer', (c) => c.notNull().references('navigations.id').onDelete('cascade'))
    .addColumn('language_id', 'integer', (c) => c.notNull().references('languages.id'))
    .addColumn('items', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('navigation_texts_pk', ['navigation_id', 'language_id'])
    .execute()
  await db.schema
    .createTable('usp_collection_texts')
    .addColumn('usp_collection_id', 'integer', (c) => c.notNull().references('usp_collections.id').onDelete('cascade'))
    .addColumn('language_id', 'integer', (c) => c.notNull().references('languages.id'))
    .addColumn('usps', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('usp_collection_texts_pk', ['usp_collection_id', 'language_id'])
    .execute()

  await db.schema
    .createTable('footers')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('site_id', 'integer', (c) => c.notNull().unique().references('sites.id').onDelete('cascade'))
    .execute()
  await db.schema
    .createTable('footer_texts')
    .addColumn('footer_id', 'integer', (c) => c.notNull().references('footers.id').onDelete('cascade'))
    .addColumn('language_id', 'integer', (c) => c.notNull().references('languages.id'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('footer_texts_pk', ['footer_id', 'language_id'])
    .execute()

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('severity', 'text', (c) => c.notNull().check(sqlIn('severity', ['info', 'warning'])))
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text')
    .execute()
  await db.schema.createIndex('notifications_site').on('notifications').column('site_id').execute()
  await db.schema
    .createTable('notification_texts')
    .addColumn('notification_id', 'integer', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
    .addColumn('language_id', 'integer', (c) => c.notNull().references('languages.id'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addPrimaryKeyConstraint('notification_texts_pk', ['notification_id', 'language_id'])
    .execute()
}

function sqlIn(column: string, values: readonly string[]) {
  return sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`
}
