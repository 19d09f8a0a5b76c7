import type { Kysely } from 'kysely'

// How the feed calculator doses a product (`FeedingGuideSchema` in src/domain/product.ts: dosed to the energy the
// roughage leaves, or a set amount for the 600 kg reference horse, and the weight of one scoop). One JSON column,
// null for what the calculator does not advise on; the seed fills it for the feeds, minerals and balancers.

// oxlint-disable-next-line typescript/no-explicit-any -- migrations are frozen in time and must not follow the live schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').addColumn('feeding', 'text').execute()
}

// oxlint-disable-next-line typescript/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('feeding').execute()
}
