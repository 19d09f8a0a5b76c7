import type { Kysely } from 'kysely'

// Addresses the embedded address provider answers from (seeded; a postcode database could fill it later).
// The *_key columns are lower-case letters and digits only, so a prefix search is a range on a B-tree index that
// SQLite and PostgreSQL (in any collation) use alike; see address.repository.ts.

// oxlint-disable-next-line typescript/no-explicit-any -- migrations are frozen in time and must not follow the live schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('addresses')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('postcode', 'text', (c) => c.notNull())
    .addColumn('postcode_key', 'text', (c) => c.notNull())
    .addColumn('street', 'text', (c) => c.notNull())
    .addColumn('street_key', 'text', (c) => c.notNull())
    .addColumn('house_number', 'integer', (c) => c.notNull())
    .addColumn('house_number_addition', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('city_key', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('addresses_postcode')
    .on('addresses')
    .columns(['country_code', 'postcode_key', 'house_number'])
    .execute()
  await db.schema
    .createIndex('addresses_street')
    .on('addresses')
    .columns(['country_code', 'street_key', 'house_number'])
    .execute()
  await db.schema.createIndex('addresses_city').on('addresses').columns(['country_code', 'city_key']).execute()

  // DPD pickup points: found by the same prefix keys, then listed by distance within a latitude band.
  await db.schema
    .createTable('pickup_points')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('parcel_shop_id', 'text', (c) => c.notNull().unique())
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('street', 'text', (c) => c.notNull())
    .addColumn('street_key', 'text', (c) => c.notNull())
    .addColumn('street_number', 'text', (c) => c.notNull())
    .addColumn('postcode', 'text', (c) => c.notNull())
    .addColumn('postcode_key', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('city_key', 'text', (c) => c.notNull())
    .addColumn('latitude', 'double precision', (c) => c.notNull())
    .addColumn('longitude', 'double precision', (c) => c.notNull())
    .addColumn('opening_hours', 'text', (c) => c.notNull())
    .execute()
  for (const column of ['postcode_key', 'street_key', 'city_key', 'latitude'])
    await db.schema
      .createIndex(`pickup_points_${column.replace('_key', '')}`)
      .on('pickup_points')
      .columns(['country_code', column])
      .execute()
}

// oxlint-disable-next-line typescript/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pickup_points').execute()
  await db.schema.dropTable('addresses').execute()
}
