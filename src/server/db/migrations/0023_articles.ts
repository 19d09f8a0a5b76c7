import type { Kysely } from 'kysely'

// Advice articles and videos, blogs, news and partners (src/server/articles/, docs/advice.md): categories (advice,
// blog) and articles shared by every site, their texts per language (slug, title, summary, SEO texts, sections as
// JSON), and the texts of the three overviews. Their paths are rows of `urls`, written by the seed.

// oxlint-disable-next-line typescript/no-explicit-any -- migrations are frozen in time and must not follow the live schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('article_categories')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('article_category_texts')
    .addColumn('category_id', 'integer', (c) => c.notNull().references('article_categories.id').onDelete('cascade'))
    .addColumn('language_id', 'integer', (c) => c.notNull().references('languages.id'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('intro', 'text', (c) => c.notNull())
    .addColumn('seo_title', 'text', (c) => c.notNull())
    .addColumn('seo_description', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('article_category_texts_pk', ['category_id', 'language_id'])
    .execute()
  await db.schema
    .createTable('articles')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('category_id', 'integer', (c) => c.references('article_categories.id').onDelete('set null'))
    .addColumn('published_at', 'text')
    .addColumn('author', 'text')
    .addColumn('video_url', 'text')
    .addColumn('video_seconds', 'integer')
    .addColumn('website', 'text')
    .addColumn('related', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('articles_kind').on('articles').columns(['kind', 'published_at']).execute()
  await db.schema
    .createTable('article_texts')
    .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
    .addColumn('language_id', 'integer', (c) => c.notNull().references('languages.id'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('seo_title', 'text', (c) => c.notNull())
    .addColumn('seo_description', 'text', (c) => c.notNull())
    .addColumn('sections', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('article_texts_pk', ['article_id', 'language_id'])
    .execute()
  await db.schema
    .createTable('article_overview_texts')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('language_id', 'integer', (c) => c.notNull().references('languages.id'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('intro', 'text', (c) => c.notNull())
    .addColumn('seo_title', 'text', (c) => c.notNull())
    .addColumn('seo_description', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('article_overview_texts_pk', ['kind', 'language_id'])
    .execute()
}

// oxlint-disable-next-line typescript/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'article_overview_texts',
    'article_texts',
    'articles',
    'article_category_texts',
    'article_categories',
  ])
    await db.schema.dropTable(table).execute()
}
