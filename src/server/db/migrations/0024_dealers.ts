import type { Kysely } from 'kysely'

// The dealer finder (src/server/dealers/, docs/advice.md): dealers per country with address, position, phone, opening
// hours and what they stock, and the country's places (town centres and postcodes) a typed postcode or town is found
// by. Positions are WGS84 degrees; the search is done in the domain's code, not in SQL, so both databases agree.

// oxlint-disable-next-line typescript/no-explicit-any -- migrations are frozen in time and must not follow the live schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('dealers')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('country_id', 'integer', (c) => c.notNull().references('countries.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('street', 'text', (c) => c.notNull())
    .addColumn('postcode', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lon', 'double precision', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('opening_hours', 'text', (c) => c.notNull())
    .addColumn('stocks', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('dealers_country').on('dealers').column('country_id').execute()
  await db.schema
    .createTable('dealer_places')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('country_id', 'integer', (c) => c.notNull().references('countries.id'))
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('postcode', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lon', 'double precision', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('dealer_places_country').on('dealer_places').column('country_id').execute()
}

// oxlint-disable-next-line typescript/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('dealer_places').execute()
  await db.schema.dropTable('dealers').execute()
}
