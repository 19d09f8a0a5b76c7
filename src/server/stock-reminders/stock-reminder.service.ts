// Back-in-stock reminders (docs/stock-reminders.md): the rules between the notify-me form, the push subscription,
// the stock writers and the jobs that send.
//
// - A request is per site, variant and address (or push subscription). Asked again while it waits, it stays the same
//   request: no second confirmation mail, no second reminder. Served, cancelled or lapsed, asking again renews it.
// - Every writer of stock calls `noteRestocked` in its transaction for the variants whose stock went from none to
//   some; where requests wait, that enqueues `stockReminders.restock`, so the job exists exactly when the stock does.
// - The restock job sends only while the variant is in stock and orderable on the request's site, and only on sites
//   with `enableStockReminderFeature`. It walks the waiting requests by id, a batch per transaction: each request's
//   mail is queued (or its push job enqueued) and the request marked served in the same transaction, so a lapsed
//   lease or a crash never serves one twice and 0 → 5 → 0 → 5 never writes again to someone already told.
// - A push is a job of its own, so each is retried with backoff; a subscription the push service calls gone (404,
//   410) loses all its requests.
// - Requests older than six months lapse: the restock job skips them and a daily job deletes them.
import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import { AppError, NotFoundError } from '../../domain/errors.ts'
import { IdSchema } from '../../domain/ids.ts'
import { brandOf } from '../../domain/locale.ts'
import { variantLabel } from '../../domain/variant-label.ts'
import { translate } from '../i18n.ts'
import type { CatalogueProduct } from '../../domain/product.ts'
import {
  STOCK_REMINDER_LAPSE_MONTHS,
  type AccountStockReminder,
  type PushReminderRequest,
  type StockReminderCancelled,
  type StockReminderCreated,
  type StockReminderRequest,
} from '../../domain/stock-reminders.ts'
import type { CatalogueCache } from '../catalogue/catalogue-cache.ts'
import type { DatabaseHandle, Db } from '../db/database.ts'
import type { RequestScope } from '../http/scope.ts'
import { PermanentJobError, type JobQueue } from '../jobs/job-queue.ts'
import { insertJob, type Executor } from '../jobs/job.repository.ts'
import { mailLayout, renderMail, stockReminderConfirmation, type RenderedMail } from '../mail/mail-templates.ts'
import { digestOf, type MailService, type NewMailMessage } from '../mail/mail.service.ts'
import type { SiteDirectory, SiteRecord } from '../sites/site.directory.ts'
import { originFor } from '../sites/site.service.ts'
import { endpointAllowed, type PushSender } from './push-sender.ts'
import { restockedProduct, stockReminderBack, stockReminderPush, type RestockedProduct } from './stock-reminder-mail.ts'
import {
  accountReminders,
  deleteLapsed,
  deletePushReminder,
  deleteSubscription,
  findEmailReminder,
  findEmailReminderByToken,
  findPushReminder,
  insertEmailReminder,
  markNotified,
  updateEmailReminder,
  upsertPushReminder,
  variantsWithWaiting,
  waitingEmailReminders,
  waitingPushReminders,
  waitingPushVariants,
  type EmailReminderRow,
} from './stock-reminder.repository.ts'

export const RESTOCK_JOB = 'stockReminders.restock'
export const PUSH_JOB = 'stockReminders.push'
export const LAPSE_JOB = 'stockReminders.lapse'
const RestockJobSchema = z.object({ variantId: IdSchema })
const PushJobSchema = z.object({ reminderId: IdSchema })
/** Requests handled per transaction while a restock is sent. */
const BATCH = 200
/** A push service keeps a reminder three days for a phone that is off. */
const PUSH_TTL_S = 3 * 86_400
const DAY_MS = 86_400_000

/** The lapse cut-off: requests made before it are not served. */
export function lapseCutoff(now: Date): string {
  const cutoff = new Date(now)
  cutoff.setUTCMonth(cutoff.getUTCMonth() - STOCK_REMINDER_LAPSE_MONTHS)
  return cutoff.toISOString()
}

/**
 * Called by every stock writer, in its transaction, with the variants whose stock went from none to some: enqueues
 * the restock job of each that someone waits for.
 */
export async function noteRestocked(trx: Executor, variantIds: readonly number[], now: Date): Promise<void> {
  if (variantIds.length === 0) return
  const at = now.toISOString()
  for (const variantId of await variantsWithWaiting(trx, variantIds, lapseCutoff(now))) {
    await insertJob(trx, {
      name: RESTOCK_JOB,
      payload: JSON.stringify({ variantId }),
      runAt: at,
      maxAttempts: 5,
      dedupeKey: `stock-restock:${variantId}:${at}`,
      now: at,
    })
  }
}

const linkInvalid = () => new AppError('stockReminderLinkInvalid', 410, 'This reminder link is not valid (any more).')

const under = (prefix: string) => (prefix ? `/${prefix}` : '')

/** The app's page the cancel link of every reminder mail opens. */
export const cancelPageUrl = (origin: string, pathPrefix: string, token: string) =>
  `${origin}${under(pathPrefix)}/stock-reminder/cancel/?${new URLSearchParams({ token }).toString()}`

const newToken = () => randomBytes(16).toString('hex')

export interface StockReminderServices {
  database: DatabaseHandle
  sites: SiteDirectory
  catalogue: CatalogueCache
  mail: Pick<MailService, 'queueMail'>
  jobs: JobQueue
  publicUrl: URL
  /** Made once the VAPID keys are read (they may be made and stored on first start). */
  push: () => Promise<PushSender>
  /** Push endpoints allowed besides the browsers' push services (PUSH_ENDPOINT_ORIGINS). */
  extraPushOrigins: readonly string[]
}

export class StockReminderService {
  readonly #services: StockReminderServices

  /** Registers the jobs (buildApp makes the service before the worker starts). */
  constructor(services: StockReminderServices) {
    this.#services = services
    services.jobs.register(RESTOCK_JOB, RestockJobSchema, async ({ variantId }, { db, now }) => {
      await this.restock(db, variantId, now)
    })
    services.jobs.register(PUSH_JOB, PushJobSchema, ({ reminderId }, { db }) => this.#push(db, reminderId), {
      maxAttempts: 8,
      backoff: { baseMs: 30_000, capMs: 6 * 3_600_000 },
    })
    services.jobs.repeat(LAPSE_JOB, DAY_MS, async (_payload, { db, now }) => {
      await deleteLapsed(db, lapseCutoff(now))
    })
  }

  /** The notify-me form: see the top of this file. Answers the cancel token when this call made the request. */
  async request(
    scope: RequestScope,
    body: StockReminderRequest,
    { origin, accountId }: { origin: string; accountId: number | null },
  ): Promise<StockReminderCreated> {
    const { site, language, now } = scope
    const product = await this.#waitableProduct(scope, body.productVariantId)
    const emailAddress = body.emailAddress.trim().toLowerCase()
    const token = newToken()
    const variant = product.variants.find((v) => v.productVariantId === body.productVariantId)!
    // Rendered before the transaction: it needs nothing from it, and the write lock is held no longer than the writes.
    const layout = mailLayout(site, language.code, origin)
    const rendered = await renderMail(
      layout,
      stockReminderConfirmation(layout, {
        productName: product.name,
        productUrl: new URL(variant.path, origin).href,
        emailAddress,
        cancelUrl: cancelPageUrl(origin, language.pathPrefix, token),
      }),
    )
    const at = now.toISOString()
    return this.#services.database.db.transaction().execute(async (trx) => {
      const fresh = {
        siteId: site.id,
        variantId: body.productVariantId,
        emailAddress,
        languageId: language.languageId,
        accountId,
        cancelToken: token,
        createdAt: at,
      }
      let existing = await findEmailReminder(trx, site.id, body.productVariantId, emailAddress)
      if (!existing && !(await insertEmailReminder(trx, fresh)))
        existing = await findEmailReminder(trx, site.id, body.productVariantId, emailAddress)
      if (existing) {
        if (isWaiting(existing, now)) {
          await updateEmailReminder(trx, existing.id, {
            languageId: language.languageId,
            accountId: existing.accountId ?? accountId,
          })
          return { cancelToken: null }
        }
        // Served, cancelled or lapsed: asked again, it waits again with a new link.
        await updateEmailReminder(trx, existing.id, {
          languageId: language.languageId,
          accountId: existing.accountId ?? accountId,
          cancelToken: token,
          createdAt: at,
          notifiedAt: null,
          cancelledAt: null,
        })
      }
      await this.#services.mail.queueMail(
        trx,
        {
          dedupeKey: `stock-reminder:${site.id}:${body.productVariantId}:${digestOf(emailAddress)}:${token.slice(0, 12)}`,
          kind: 'stock-reminder-confirmation',
          site,
          language: language.code,
          to: emailAddress,
          rendered,
        },
        now,
      )
      return { cancelToken: token }
    })
  }

  /** The cancel link (and the device that asked): cancelled. A second click, or one after the reminder went, says so. */
  async cancel(scope: RequestScope, token: string): Promise<StockReminderCancelled> {
    const { site, now } = scope
    const found = await this.#services.database.db.transaction().execute(async (trx) => {
      const row = await findEmailReminderByToken(trx, token)
      if (!row || row.siteId !== site.id) throw linkInvalid()
      if (row.notifiedAt === null && row.cancelledAt === null)
        await updateEmailReminder(trx, row.id, { cancelledAt: now.toISOString() })
      return row
    })
    const entry = await this.#services.catalogue.entry(site, found.languageId)
    return {
      productName: entry.byVariant.get(found.variantId)?.name ?? '',
      emailAddress: found.emailAddress,
    }
  }

  /** 'Remind me on this device': the subscription waits for the variant on this site. */
  async subscribePush(scope: RequestScope, body: PushReminderRequest, accountId: number | null): Promise<void> {
    const { site, language, now } = scope
    await this.#waitableProduct(scope, body.productVariantId)
    const { endpoint, keys } = body.subscription
    if (!endpointAllowed(endpoint, this.#services.extraPushOrigins))
      throw new AppError('pushEndpointRefused', 400, 'This push service is not one the shop sends to.')
    await upsertPushReminder(this.#services.database.db, {
      siteId: site.id,
      variantId: body.productVariantId,
      languageId: language.languageId,
      accountId,
      endpoint,
      p256dh: keys.p256dh,
      auth: keys.auth,
      createdAt: now.toISOString(),
    })
  }

  /** The variants this device waits for on this site. */
  async pushVariants(scope: RequestScope, endpoint: string): Promise<number[]> {
    return waitingPushVariants(this.#services.database.db, endpoint, scope.site.id, lapseCutoff(scope.now))
  }

  async cancelPush(scope: RequestScope, endpoint: string, variantId: number): Promise<void> {
    await deletePushReminder(this.#services.database.db, { endpoint, siteId: scope.site.id, variantId })
  }

  /** A signed-in account's waiting reminders on its site, e-mail and push, oldest first. */
  async ofAccount(
    scope: RequestScope,
    account: { id: number; emailKey: string },
  ): Promise<{ reminders: AccountStockReminder[] }> {
    const { site, language, now } = scope
    const { mail, push } = await accountReminders(this.#services.database.db, {
      siteId: site.id,
      accountId: account.id,
      emailKey: account.emailKey,
      since: lapseCutoff(now),
    })
    const entry = await this.#services.catalogue.entry(site, language.languageId)
    const shown = (channel: 'email' | 'push') => (r: { id: number; variantId: number; createdAt: string }) => {
      const product = entry.byVariant.get(r.variantId)
      const variant = product?.variants.find((v) => v.productVariantId === r.variantId)
      const label =
        variant && variantLabel((key, params) => translate(language.code, key, params), variant, language.code)
      return {
        channel,
        id: r.id,
        productVariantId: r.variantId,
        productName: product ? `${product.name}${label ? ` – ${label}` : ''}` : '',
        path: variant?.path ?? null,
        createdAt: r.createdAt,
      }
    }
    const reminders = [...mail.map(shown('email')), ...push.map(shown('push'))].toSorted((a, b) =>
      a.createdAt.localeCompare(b.createdAt),
    )
    return { reminders }
  }

  /** Cancels one of the account's reminders; another's (or none) is 404. */
  async cancelForAccount(
    scope: RequestScope,
    account: { id: number; emailKey: string },
    channel: 'email' | 'push',
    id: number,
  ): Promise<void> {
    const mine = await this.ofAccount(scope, account)
    if (!mine.reminders.some((r) => r.channel === channel && r.id === id)) throw new NotFoundError(`Reminder ${id}`)
    const { db } = this.#services.database
    if (channel === 'push') await deletePushReminder(db, { id })
    else await updateEmailReminder(db, id, { cancelledAt: scope.now.toISOString() })
  }

  /**
   * The restock job: every waiting request of the variant on the sites with the feature gets its one reminder, while
   * the variant is in stock. Public for the bench and the tests, which drive it without the queue.
   */
  async restock(db: Db, variantId: number, now: Date): Promise<{ mails: number; pushes: number }> {
    const stock = await db
      .selectFrom('variantStock')
      .select('amount')
      .where('variantId', '=', variantId)
      .executeTakeFirst()
    // Gone again before the job ran: the requests wait for the next restock.
    if (!stock || stock.amount <= 0) return { mails: 0, pushes: 0 }
    const sites = this.#services.sites.all().filter((s) => s.enableStockReminderFeature)
    const siteIds = sites.map((s) => s.id)
    const since = lapseCutoff(now)
    const at = now.toISOString()
    const products = new ProductsOnSites(this.#services.catalogue, this.#services.sites, variantId)
    const templates = new Map<string, { rendered: RenderedMail; placeholderUrl: string }>()

    let mails = 0
    for (let afterId = 0; ;) {
      const batch = await waitingEmailReminders(db, { variantId, siteIds, since, afterId, limit: BATCH })
      if (batch.length === 0) break
      afterId = batch.at(-1)!.id
      const queued: { mail: NewMailMessage; id: number }[] = []
      for (const row of batch) {
        const mail = await this.#reminderMail(row, products, templates)
        if (mail) queued.push({ mail, id: row.id })
      }
      await db.transaction().execute(async (trx) => {
        for (const { mail } of queued) await this.#services.mail.queueMail(trx, mail, now)
        await markNotified(
          trx,
          'stockReminders',
          queued.map((q) => q.id),
          at,
        )
      })
      mails += queued.length
    }

    let pushes = 0
    for (let afterId = 0; ;) {
      const batch = await waitingPushReminders(db, { variantId, siteIds, since, afterId, limit: BATCH })
      if (batch.length === 0) break
      afterId = batch.at(-1)!.id
      const due: typeof batch = []
      for (const row of batch) if (await products.orderable(row.siteId, row.languageId)) due.push(row)
      await db.transaction().execute(async (trx) => {
        for (const row of due)
          await this.#services.jobs.enqueue(
            trx,
            PUSH_JOB,
            { reminderId: row.id },
            { dedupeKey: `stock-push:${row.id}:${row.createdAt}` },
          )
        await markNotified(
          trx,
          'pushReminders',
          due.map((r) => r.id),
          at,
        )
      })
      pushes += due.length
    }
    return { mails, pushes }
  }

  /** One request's reminder mail; null while the variant cannot be ordered on its site. */
  async #reminderMail(
    row: EmailReminderRow,
    products: ProductsOnSites,
    templates: Map<string, { rendered: RenderedMail; placeholderUrl: string }>,
  ): Promise<NewMailMessage | null> {
    const found = await products.orderable(row.siteId, row.languageId)
    if (!found) return null
    const { site, language, restocked } = found
    const origin = originFor(site, this.#services.publicUrl.hostname, this.#services.publicUrl)
    // Rendered once per site and language with a stand-in token, then given each request's own link: MJML takes
    // milliseconds per mail, and 10,000 waiting requests should not take minutes.
    const key = `${site.id}:${language.code}`
    let template = templates.get(key)
    if (!template) {
      const placeholderUrl = cancelPageUrl(origin, language.pathPrefix, '0'.repeat(32))
      const layout = mailLayout(site, language.code, origin)
      const rendered = await renderMail(
        layout,
        stockReminderBack(layout, restocked, {
          productUrl: new URL(restocked.path, origin).href,
          cancelUrl: placeholderUrl,
        }),
      )
      template = { rendered, placeholderUrl }
      templates.set(key, template)
    }
    const url = cancelPageUrl(origin, language.pathPrefix, row.cancelToken)
    const { rendered, placeholderUrl } = template
    return {
      dedupeKey: `stock-reminder:${row.siteId}:${row.variantId}:${digestOf(row.emailAddress)}:back:${row.cancelToken.slice(0, 12)}`,
      kind: 'stock-reminder',
      site,
      language: language.code,
      to: row.emailAddress,
      rendered: {
        subject: rendered.subject,
        // The URL is hex and plain ASCII: in HTML only its '&'s are escaped, and it has none.
        html: rendered.html.replaceAll(placeholderUrl, url),
        text: rendered.text.replaceAll(placeholderUrl, url),
      },
    }
  }

  /** The push job: one encrypted message to one subscription; see the top of this file. */
  async #push(db: Db, reminderId: number): Promise<void> {
    const row = await findPushReminder(db, reminderId)
    if (!row) return
    const site = this.#services.sites.byId(row.siteId)
    const language = site?.languages.find((l) => l.languageId === row.languageId) ?? site?.languages[0]
    if (!site || !language) return
    const entry = await this.#services.catalogue.entry(site, language.languageId)
    const product = entry.byVariant.get(row.variantId)
    const restocked =
      product && restockedProduct(product, row.variantId, { currency: site.currencyCode, language: language.code })
    if (!restocked) return
    const message = stockReminderPush({ language: language.code, brand: brandOf(site) }, restocked, row.variantId)
    const sender = await this.#services.push()
    const outcome = await sender.send(
      { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
      JSON.stringify(message),
      { ttl: PUSH_TTL_S, topic: `r${row.variantId}`, urgency: 'normal' },
    )
    switch (outcome.kind) {
      case 'sent':
        return
      case 'gone':
        await deleteSubscription(db, row.endpoint)
        return
      case 'refused':
        throw new PermanentJobError(`push refused (${outcome.status}): ${outcome.body}`)
      case 'retry':
        throw new Error(`push not accepted (${outcome.status ?? 'no answer'}): ${outcome.reason}`)
    }
  }

  /** The product of a variant a shopper may wait for here: sold on the site, not orderable now, feature on. */
  async #waitableProduct(scope: RequestScope, variantId: number): Promise<CatalogueProduct> {
    const { site, language } = scope
    if (!site.enableStockReminderFeature)
      throw new AppError('stockRemindersOff', 404, 'This site sends no back-in-stock reminders.')
    const entry = await this.#services.catalogue.entry(site, language.languageId)
    const product = entry.byVariant.get(variantId)
    if (!product) throw new NotFoundError(`Product variant ${variantId}`)
    const variant = product.variants.find((v) => v.productVariantId === variantId)!
    if (product.state === 'available' && variant.stock > 0)
      throw new AppError('productOrderable', 409, `Product variant ${variantId} can be ordered now.`)
    return product
  }
}

function isWaiting(row: EmailReminderRow, now: Date): boolean {
  return row.notifiedAt === null && row.cancelledAt === null && row.createdAt >= lapseCutoff(now)
}

/** The restocked variant on each site and language, looked up once per restock. */
class ProductsOnSites {
  readonly #catalogue: CatalogueCache
  readonly #sites: SiteDirectory
  readonly #variantId: number
  readonly #found = new Map<
    string,
    Promise<{ site: SiteRecord; language: SiteRecord['languages'][number]; restocked: RestockedProduct } | null>
  >()

  constructor(catalogue: CatalogueCache, sites: SiteDirectory, variantId: number) {
    this.#catalogue = catalogue
    this.#sites = sites
    this.#variantId = variantId
  }

  /** The variant as orderable on the site in the language (the site's fallback when it dropped the language). */
  orderable(siteId: number, languageId: number) {
    const key = `${siteId}:${languageId}`
    let found = this.#found.get(key)
    if (!found) {
      found = this.#lookUp(siteId, languageId)
      this.#found.set(key, found)
    }
    return found
  }

  async #lookUp(siteId: number, languageId: number) {
    const site = this.#sites.byId(siteId)
    if (!site) return null
    const language =
      site.languages.find((l) => l.languageId === languageId) ??
      site.languages.find((l) => l.languageId === site.fallbackLanguageId) ??
      site.languages[0]
    if (!language) return null
    const entry = await this.#catalogue.entry(site, language.languageId)
    const product = entry.byVariant.get(this.#variantId)
    if (!product || product.state !== 'available') return null
    const restocked = restockedProduct(product, this.#variantId, {
      currency: site.currencyCode,
      language: language.code,
    })
    return restocked && { site, language, restocked }
  }
}
