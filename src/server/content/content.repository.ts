// Content queries. JSON columns leave here parsed with their domain schemas (see db/json-column.ts).
import { z } from 'zod'
import { ContentBlocksSchema, FooterContentSchema, NavigationItemsSchema, UspListSchema } from '../../domain/content.ts'
import { LinkSchema } from '../../domain/site.ts'
import type { Db } from '../db/database.ts'
import { jsonColumn } from '../db/json-column.ts'

const blocks = jsonColumn('contentPageTexts', 'blocks', ContentBlocksSchema)
const answer = jsonColumn('faqItemTexts', 'answer', z.array(z.string().min(1)))
const navigationItems = jsonColumn('navigationTexts', 'items', NavigationItemsSchema)
const footerContent = jsonColumn('footerTexts', 'content', FooterContentSchema)
const usps = jsonColumn('uspCollectionTexts', 'usps', UspListSchema)
const notificationLink = jsonColumn('notificationTexts', 'link', LinkSchema)

export async function findContentPage(db: Db, siteId: number, contentPageId: number, languageId: number) {
  const row = await db
    .selectFrom('contentPages as p')
    .innerJoin('contentPageTexts as t', (join) =>
      join.onRef('t.contentPageId', '=', 'p.id').on('t.languageId', '=', languageId),
    )
    .select(['p.id', 'p.key', 't.title', 't.seoTitle', 't.seoDescription', 't.blocks'])
    .where('p.id', '=', contentPageId)
    .where('p.siteId', '=', siteId)
    .executeTakeFirst()
  return row && { ...row, blocks: blocks.parse(row.blocks) }
}

/** FAQ groups and items of a content page in a language, in display order. */
export async function listFaqs(db: Db, siteId: number, contentPageId: number, languageId: number) {
  const faqs = await db
    .selectFrom('faqs as f')
    .innerJoin('faqTexts as t', (join) => join.onRef('t.faqId', '=', 'f.id').on('t.languageId', '=', languageId))
    .select(['f.id', 't.title'])
    .where('f.contentPageId', '=', contentPageId)
    .orderBy('f.position')
    .execute()
  if (faqs.length === 0) return { faqs, items: [] }
  const items = await db
    .selectFrom('faqItems as i')
    .innerJoin('faqItemTexts as t', (join) =>
      join.onRef('t.faqItemId', '=', 'i.id').on('t.languageId', '=', languageId),
    )
    .select(['i.id', 'i.faqId', 't.question', 't.answer'])
    .where(
      'i.faqId',
      'in',
      faqs.map((f) => f.id),
    )
    .orderBy('i.faqId')
    .orderBy('i.position')
    .execute()
  return { faqs, items: items.map((item) => ({ ...item, answer: answer.parse(item.answer) })) }
}

export function findCanonicalPaths(db: Db, siteId: number, languageId: number, routeKeys: string[]) {
  return db
    .selectFrom('urls')
    .select(['path', 'routeKey'])
    .where('siteId', '=', siteId)
    .where('languageId', '=', languageId)
    .where('routeKey', 'in', routeKeys)
    .where('isCanonical', '=', true)
    .execute()
}

export async function findNavigation(
  db: Db,
  siteId: number,
  navigationId: number,
  kind: 'primary' | 'secondary',
  languageId: number,
) {
  const row = await db
    .selectFrom('navigations as n')
    .innerJoin('navigationTexts as t', (join) =>
      join.onRef('t.navigationId', '=', 'n.id').on('t.languageId', '=', languageId),
    )
    .select(['n.id', 'n.kind', 't.items'])
    .where('n.id', '=', navigationId)
    .where('n.siteId', '=', siteId)
    .where('n.kind', '=', kind)
    .executeTakeFirst()
  return row && { ...row, items: navigationItems.parse(row.items) }
}

export async function findFooter(db: Db, siteId: number, footerId: number, languageId: number) {
  const row = await db
    .selectFrom('footers as f')
    .innerJoin('footerTexts as t', (join) => join.onRef('t.footerId', '=', 'f.id').on('t.languageId', '=', languageId))
    .select(['f.id', 't.content'])
    .where('f.id', '=', footerId)
    .where('f.siteId', '=', siteId)
    .executeTakeFirst()
  return row && { id: row.id, content: footerContent.parse(row.content) }
}

export async function findUspCollection(db: Db, siteId: number, uspCollectionId: number, languageId: number) {
  const row = await db
    .selectFrom('uspCollections as u')
    .innerJoin('uspCollectionTexts as t', (join) =>
      join.onRef('t.uspCollectionId', '=', 'u.id').on('t.languageId', '=', languageId),
    )
    .select(['u.id', 'u.kind', 't.usps'])
    .where('u.id', '=', uspCollectionId)
    .where('u.siteId', '=', siteId)
    .executeTakeFirst()
  return row && { ...row, usps: usps.parse(row.usps) }
}

export async function findNotification(db: Db, siteId: number, notificationId: number, languageId: number) {
  const row = await db
    .selectFrom('notifications as n')
    .innerJoin('notificationTexts as t', (join) =>
      join.onRef('t.notificationId', '=', 'n.id').on('t.languageId', '=', languageId),
    )
    .select(['n.id', 'n.severity', 'n.startsAt', 'n.endsAt', 't.text', 't.link'])
    .where('n.id', '=', notificationId)
    .where('n.siteId', '=', siteId)
    .executeTakeFirst()
  return row && { ...row, link: notificationLink.parseNullable(row.link) }
}
