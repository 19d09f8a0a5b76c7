import {
  isRunningAt,
  type ContentPage,
  type Faq,
  type Footer,
  type Navigation,
  type Notification,
  type UspCollection,
} from '../../domain/content.ts'
import { NotFoundError } from '../../domain/errors.ts'
import { routeKey } from '../../domain/routing.ts'
import type { Db } from '../db/database.ts'
import type { RequestScope } from '../http/scope.ts'
import {
  findCanonicalPaths,
  findContentPage,
  findFooter,
  findNavigation,
  findNotification,
  findUspCollection,
  listFaqs,
} from './content.repository.ts'

export async function getContentPage(db: Db, scope: RequestScope, contentPageId: number): Promise<ContentPage> {
  const { site, language } = scope
  const page = await findContentPage(db, site.id, contentPageId, language.languageId)
  if (!page) throw new NotFoundError(`Content page ${contentPageId}`)
  const { faqs, items } = await listFaqs(db, site.id, contentPageId, language.languageId)

  const pageKey =
    page.key === 'faq'
      ? routeKey({ kind: 'faq', contentPageId, faqId: null, faqItemId: null })!
      : routeKey({ kind: 'contentPage', contentPageId })!
  const faqKey = (faqId: number, faqItemId: number | null) =>
    routeKey({ kind: 'faq', contentPageId, faqId, faqItemId })!
  const keys = [pageKey, ...faqs.map((f) => faqKey(f.id, null)), ...items.map((i) => faqKey(i.faqId, i.id))]
  const paths = new Map(
    (await findCanonicalPaths(db, site.id, language.languageId, keys)).map((r) => [r.routeKey, r.path]),
  )

  return {
    contentPageId: page.id,
    siteId: site.id,
    languageId: language.languageId,
    key: page.key,
    path: paths.get(pageKey) ?? null,
    title: page.title,
    seoTitle: page.seoTitle,
    seoDescription: page.seoDescription,
    blocks: page.blocks,
    faqs: faqs.map((faq): Faq => ({
      faqId: faq.id,
      title: faq.title,
      path: paths.get(faqKey(faq.id, null)) ?? '',
      items: items
        .filter((item) => item.faqId === faq.id)
        .map((item) => ({
          faqItemId: item.id,
          question: item.question,
          answer: item.answer,
          path: paths.get(faqKey(faq.id, item.id)) ?? '',
        })),
    })),
  }
}

export async function getNavigation(
  db: Db,
  scope: RequestScope,
  id: number,
  kind: 'primary' | 'secondary',
): Promise<Navigation> {
  const row = await findNavigation(db, scope.site.id, id, kind, scope.language.languageId)
  if (!row) throw new NotFoundError(`Navigation ${id}`)
  return { navigationId: row.id, kind, items: row.items }
}

export async function getFooter(db: Db, scope: RequestScope, id: number): Promise<Footer> {
  const row = await findFooter(db, scope.site.id, id, scope.language.languageId)
  if (!row) throw new NotFoundError(`Footer ${id}`)
  return { footerId: row.id, ...row.content }
}

export async function getUspCollection(db: Db, scope: RequestScope, id: number): Promise<UspCollection> {
  const row = await findUspCollection(db, scope.site.id, id, scope.language.languageId)
  if (!row) throw new NotFoundError(`USP collection ${id}`)
  return { uspCollectionId: row.id, kind: row.kind, usps: row.usps }
}

/** A notification of the site; null when it exists but is not shown at the request's time. */
export async function getNotification(db: Db, scope: RequestScope, id: number): Promise<Notification | null> {
  const row = await findNotification(db, scope.site.id, id, scope.language.languageId)
  if (!row) throw new NotFoundError(`Notification ${id}`)
  if (!isRunningAt(row, scope.now)) return null
  return {
    notificationId: row.id,
    severity: row.severity,
    text: row.text,
    link: row.link,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
  }
}
