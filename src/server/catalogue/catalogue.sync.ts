// Answers from a site's catalogue in memory: products by id or variant, and the offline catalogue's snapshot or delta.
import type { CatalogueSync, StockReminderRequest } from '../../domain/catalogue-api.ts'
import { AppError, NotFoundError } from '../../domain/errors.ts'
import type { LanguageCode } from '../../domain/language-codes.ts'
import type { CatalogueProduct } from '../../domain/product.ts'
import type { Db } from '../db/database.ts'
import { mailLayout, renderMail, stockReminderConfirmation } from '../mail/mail-templates.ts'
import { digestOf, type MailService } from '../mail/mail.service.ts'
import type { SiteRecord } from '../sites/site.directory.ts'
import type { CatalogueEntry } from './catalogue-cache.ts'
import { findProductVersionsSince, saveStockReminder } from './catalogue.repository.ts'

export function productById(entry: CatalogueEntry, productId: number): CatalogueProduct {
  const product = entry.byId.get(productId)
  if (!product) throw new NotFoundError(`Product ${productId}`)
  return product
}

export function productByVariant(entry: CatalogueEntry, productVariantId: number): CatalogueProduct {
  const product = entry.byVariant.get(productVariantId)
  if (!product) throw new NotFoundError(`Product variant ${productVariantId}`)
  return product
}

/** The products of a list that this site sells, in the list's order; others are left out. */
export function productsByIds(entry: CatalogueEntry, ids: number[]): CatalogueProduct[] {
  return ids.flatMap((id) => entry.byId.get(id) ?? [])
}

/**
 * What changed in a site's catalogue since a client's version. A client with nothing (since=0), or with a version
 * this server has not reached (a database restored from a backup), gets a full snapshot to replace what it has.
 */
export async function catalogueSync(
  db: Db,
  entry: CatalogueEntry,
  siteId: number,
  languageId: number,
  since: number,
  now: Date,
): Promise<CatalogueSync> {
  const base = { siteId, languageId, version: entry.version, asOf: now.toISOString() }
  if (since === 0 || since > entry.version) {
    return { ...base, full: true, products: entry.catalogue.products, removed: [], labels: entry.catalogue.labels }
  }
  const changed = since === entry.version ? [] : await findProductVersionsSince(db, since)
  const products: CatalogueProduct[] = []
  const removed: number[] = []
  for (const { id } of changed) {
    const product = entry.byId.get(id)
    if (product) products.push(product)
    else removed.push(id)
  }
  return {
    ...base,
    full: false,
    products,
    removed,
    labels: since < entry.labelsVersion ? entry.catalogue.labels : null,
  }
}

/**
 * A notify-me request: for a product that is not yet available, or a variant out of stock. The request and the mail
 * that confirms it are written in one transaction; asked again, it is the same request and the same one mail.
 */
export async function requestStockReminder(
  db: Db,
  entry: CatalogueEntry,
  site: SiteRecord,
  language: { languageId: number; code: LanguageCode },
  request: StockReminderRequest,
  now: Date,
  mail: { service: Pick<MailService, 'queueMail'>; origin: string },
): Promise<void> {
  const product = productByVariant(entry, request.productVariantId)
  const variant = product.variants.find((v) => v.productVariantId === request.productVariantId)!
  if (product.state === 'available' && variant.stock > 0) {
    throw new AppError('productOrderable', 409, `Product variant ${request.productVariantId} can be ordered now.`)
  }
  const emailAddress = request.emailAddress.trim().toLowerCase()
  // Rendered before the transaction: it needs nothing from it, and the write lock is held no longer than the writes.
  const layout = mailLayout(site, language.code, mail.origin)
  const rendered = await renderMail(
    layout,
    stockReminderConfirmation(layout, {
      productName: product.name,
      productUrl: new URL(variant.path, mail.origin).href,
      emailAddress,
    }),
  )
  await db.transaction().execute(async (trx) => {
    await saveStockReminder(trx, {
      siteId: site.id,
      variantId: request.productVariantId,
      emailAddress,
      languageId: language.languageId,
      at: now,
    })
    await mail.service.queueMail(
      trx,
      {
        // The request's key (site, variant, address), the address as a digest: keys end up in headers and logs.
        dedupeKey: `stock-reminder:${site.id}:${request.productVariantId}:${digestOf(emailAddress)}:confirmation`,
        kind: 'stock-reminder-confirmation',
        site,
        language: language.code,
        to: emailAddress,
        rendered,
      },
      now,
    )
  })
}
