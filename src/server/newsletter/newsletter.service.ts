// The newsletter's rules: sign-up with double opt-in, confirming, unsubscribing by the signed link, the signed-in
// account's opt-in, the checkout's opt-in at placement, and sending a newsletter to the confirmed subscribers.
//
// - A sign-up always answers the same (the route's 204), whatever the address: a pending or unsubscribed address gets
//   a new confirmation link (the previous one stops working), a confirmed one a note that it is subscribed already,
//   at most one a day; the rate limit bounds both.
// - The account's `newsletter` flag mirrors the subscription of its address on its site: confirming, unsubscribing
//   and the account page move both in one transaction.
// - Opting in from the account page counts as confirmed: the account's address was proven by its activation link
//   and the choice is made signed in, which is the consent double opt-in asks for; the row keeps source 'account'
//   and the moment, as the proof.
import type { Transaction } from 'kysely'
import { z } from 'zod'
import { AppError } from '../../domain/errors.ts'
import type { LanguageCode } from '../../domain/language-codes.ts'
import type { NewsletterEdition, NewsletterSource, SubscriptionResult } from '../../domain/newsletter-api.ts'
import type { DatabaseHandle } from '../db/database.ts'
import type { Database } from '../db/schema.ts'
import type { RequestScope } from '../http/scope.ts'
import type { JobQueue } from '../jobs/job-queue.ts'
import type { Executor } from '../jobs/job.repository.ts'
import { mailLayout, renderMail } from '../mail/mail-templates.ts'
import { digestOf, type MailService, type NewMailMessage } from '../mail/mail.service.ts'
import type { SiteDirectory, SiteRecord } from '../sites/site.directory.ts'
import {
  confirmPageUrl,
  hashToken,
  listUnsubscribeHeaders,
  newConfirmToken,
  unsubscribeKey,
  unsubscribeKeyMatches,
  unsubscribePageUrl,
} from './newsletter-links.ts'
import { newsletterAlreadySubscribed, newsletterConfirmation, newsletterIssue } from './newsletter-mail.ts'
import {
  cartWantsNewsletter,
  confirmedSubscribers,
  findAccountForNewsletter,
  findNewsletter,
  findSubscription,
  findSubscriptionById,
  findSubscriptionByToken,
  insertNewsletter,
  insertSubscription,
  markNewsletterQueued,
  setAccountNewsletter,
  updateSubscription,
  type Subscription,
} from './newsletter.repository.ts'
type Trx = Transaction<Database>

/** How long a confirmation link works. */
export const CONFIRM_VALID_DAYS = 3
const DAY_MS = 86_400_000

export const NEWSLETTER_SEND_JOB = 'newsletter.send'
const SendJobSchema = z.object({ newsletterId: z.number().int().positive(), origin: z.url() })
/** Subscribers rendered and queued per transaction while a newsletter is sent. */
const SEND_BATCH = 100

export const emailKeyOf = (address: string) => address.trim().toLowerCase()

/** A confirmation or unsubscribe link that is unknown, expired, used up or of another site: one answer for all. */
export const linkInvalid = () =>
  new AppError('newsletterLinkInvalid', 410, 'This newsletter link is not valid (any more).')

export interface NewsletterServices {
  database: DatabaseHandle
  sites: SiteDirectory
  mail: Pick<MailService, 'queueMail'>
  jobs: JobQueue
  /** SESSION_SECRET: unsubscribe links are signed with it. */
  secret: string
}

/** The language a subscriber's mails go out in: theirs when the site still offers it, else the site's fallback. */
function languageFor(site: SiteRecord, languageId: number): { code: LanguageCode; pathPrefix: string } {
  const language =
    site.languages.find((l) => l.languageId === languageId) ??
    site.languages.find((l) => l.languageId === site.fallbackLanguageId) ??
    site.languages[0]!
  return { code: language.code, pathPrefix: language.pathPrefix }
}

export class NewsletterService {
  readonly #services: NewsletterServices

  /** Registers the sending job (buildApp makes the service before the worker starts). */
  constructor(services: NewsletterServices) {
    this.#services = services
    services.jobs.register(NEWSLETTER_SEND_JOB, SendJobSchema, (payload, { db, now }) => this.#send(db, payload, now), {
      // A big list takes a while to render; a lapsed lease only re-runs what the dedupe keys make harmless.
      leaseMs: 30 * 60_000,
    })
  }

  /** The footer's sign-up: see above. Answers nothing, whatever happened. */
  async subscribe(scope: RequestScope, emailAddress: string, origin: string): Promise<void> {
    await this.#services.database.db
      .transaction()
      .execute((trx) => this.subscribeIn(trx, scope, emailAddress, 'footer', origin))
  }

  /** A sign-up in the caller's transaction (the checkout's opt-in is written with its order). */
  async subscribeIn(
    trx: Trx,
    scope: RequestScope,
    emailAddress: string,
    source: NewsletterSource,
    origin: string,
  ): Promise<void> {
    const { site, language, now } = scope
    const at = now.toISOString()
    const address = emailAddress.trim()
    const emailKey = emailKeyOf(address)
    const account = await findAccountForNewsletter(trx, { siteId: site.id, emailKey })
    const existing = await this.#subscriptionOf(trx, site.id, emailKey, {
      siteId: site.id,
      languageId: language.languageId,
      emailAddress: address,
      emailKey,
      status: 'pending',
      source,
      confirmTokenHash: null,
      confirmExpiresAt: null,
      accountId: account?.id ?? null,
      confirmedAt: null,
      unsubscribedAt: null,
      createdAt: at,
      updatedAt: at,
    })
    const layout = mailLayout(site, language.code, origin)
    if (existing.status === 'confirmed') {
      const rendered = await renderMail(
        layout,
        newsletterAlreadySubscribed(layout, {
          emailAddress: existing.emailAddress,
          unsubscribeUrl: this.#unsubscribeUrl(origin, language.pathPrefix, existing),
        }),
      )
      await this.#services.mail.queueMail(
        trx,
        {
          // One a day at most, however often the address is entered.
          dedupeKey: `newsletter:${site.id}:${digestOf(emailKey)}:already:${at.slice(0, 10)}`,
          kind: 'newsletter-already-subscribed',
          site,
          language: language.code,
          to: existing.emailAddress,
          rendered,
        },
        now,
      )
      return
    }
    const { token, hash } = newConfirmToken()
    await updateSubscription(trx, existing.id, {
      emailAddress: address,
      languageId: language.languageId,
      status: 'pending',
      source,
      confirmTokenHash: hash,
      confirmExpiresAt: new Date(now.getTime() + CONFIRM_VALID_DAYS * DAY_MS).toISOString(),
      accountId: account?.id ?? existing.accountId,
      updatedAt: at,
    })
    const rendered = await renderMail(
      layout,
      newsletterConfirmation(layout, {
        emailAddress: address,
        confirmUrl: confirmPageUrl(origin, language.pathPrefix, token),
        validDays: CONFIRM_VALID_DAYS,
      }),
    )
    await this.#services.mail.queueMail(
      trx,
      {
        // Each link its own mail: a sign-up again is a new link (the rate limit bounds how many).
        dedupeKey: `newsletter:${site.id}:${digestOf(emailKey)}:confirm:${hash.slice(0, 16)}`,
        kind: 'newsletter-confirmation',
        site,
        language: language.code,
        to: address,
        rendered,
      },
      now,
    )
  }

  /** The checkout's opt-in, called in the placing transaction: a sign-up of the order's address when the cart asked. */
  async afterOrder(
    trx: Trx,
    scope: RequestScope,
    { cartId, emailAddress, origin }: { cartId: string; emailAddress: string; origin: string },
  ): Promise<void> {
    if (await cartWantsNewsletter(trx, cartId)) await this.subscribeIn(trx, scope, emailAddress, 'checkout', origin)
  }

  /** The confirmation link: pending → confirmed (the account's flag too). A second click answers the same. */
  async confirm(scope: RequestScope, token: string): Promise<SubscriptionResult> {
    const { site, now } = scope
    return this.#services.database.db.transaction().execute(async (trx) => {
      const found = await findSubscriptionByToken(trx, hashToken(token))
      if (!found || found.siteId !== site.id) throw linkInvalid()
      if (found.status === 'confirmed') return { emailAddress: found.emailAddress, status: found.status }
      if (found.status !== 'pending' || Date.parse(found.confirmExpiresAt ?? '') <= now.getTime()) throw linkInvalid()
      const at = now.toISOString()
      const account = await findAccountForNewsletter(trx, { siteId: site.id, emailKey: found.emailKey })
      await updateSubscription(trx, found.id, {
        status: 'confirmed',
        confirmedAt: at,
        unsubscribedAt: null,
        accountId: account?.id ?? found.accountId,
        updatedAt: at,
      })
      if (account) await setAccountNewsletter(trx, account.id, true, at)
      return { emailAddress: found.emailAddress, status: 'confirmed' }
    })
  }

  /** The signed link of every newsletter mail (and the one-click POST of RFC 8058): unsubscribed, account flag off. */
  async unsubscribe(scope: RequestScope, id: number, key: string): Promise<SubscriptionResult> {
    const { site, now } = scope
    return this.#services.database.db.transaction().execute(async (trx) => {
      const found = await findSubscriptionById(trx, id)
      if (!found || found.siteId !== site.id || !unsubscribeKeyMatches(this.#services.secret, id, found.emailKey, key))
        throw linkInvalid()
      if (found.status !== 'unsubscribed') await this.#unsubscribeIn(trx, found, now)
      return { emailAddress: found.emailAddress, status: 'unsubscribed' }
    })
  }

  /** The signed-in account's newsletter opt-in (GET /api/account/subscriptions). */
  async ofAccount(scope: RequestScope, accountId: number): Promise<{ emailAddress: string; newsletter: boolean }> {
    const account = await this.#accountOf(this.#services.database.db, scope, accountId)
    const subscription = await findSubscription(this.#services.database.db, account.siteId, account.emailKey)
    return { emailAddress: account.emailAddress, newsletter: subscription?.status === 'confirmed' }
  }

  /** PUT /api/account/subscriptions: on counts as confirmed (see the top of this file), off unsubscribes. */
  async setForAccount(
    scope: RequestScope,
    accountId: number,
    newsletter: boolean,
  ): Promise<{ emailAddress: string; newsletter: boolean }> {
    await this.#services.database.db
      .transaction()
      .execute((trx) => this.setForAccountIn(trx, scope, accountId, newsletter))
    return this.ofAccount(scope, accountId)
  }

  /**
   * The same in the caller's transaction: also what the account's own calls do (accounts/account.service.ts) when an
   * account is activated with the newsletter box ticked at registration, or `PUT /api/account` changes the box.
   */
  async setForAccountIn(trx: Executor, scope: RequestScope, accountId: number, newsletter: boolean): Promise<void> {
    const at = scope.now.toISOString()
    const account = await this.#accountOf(trx, scope, accountId)
    if (!newsletter) {
      const found = await findSubscription(trx, account.siteId, account.emailKey, this.#services.database.dialect)
      if (found && found.status !== 'unsubscribed') await this.#unsubscribeIn(trx, found, scope.now)
      await setAccountNewsletter(trx, account.id, false, at)
      return
    }
    const existing = await this.#subscriptionOf(trx, account.siteId, account.emailKey, {
      siteId: account.siteId,
      languageId: account.languageId,
      emailAddress: account.emailAddress,
      emailKey: account.emailKey,
      status: 'confirmed',
      source: 'account',
      confirmTokenHash: null,
      confirmExpiresAt: null,
      accountId: account.id,
      confirmedAt: at,
      unsubscribedAt: null,
      createdAt: at,
      updatedAt: at,
    })
    if (existing.status !== 'confirmed' || existing.accountId !== account.id) {
      await updateSubscription(trx, existing.id, {
        status: 'confirmed',
        source: existing.status === 'confirmed' ? existing.source : 'account',
        confirmedAt: existing.status === 'confirmed' ? existing.confirmedAt : at,
        confirmTokenHash: null,
        confirmExpiresAt: null,
        unsubscribedAt: null,
        accountId: account.id,
        updatedAt: at,
      })
    }
    await setAccountNewsletter(trx, account.id, true, at)
  }

  /**
   * A newsletter for a site's confirmed subscribers: stored, and a job queues one mail per subscriber (in their
   * language, with their own unsubscribe link and headers). `origin` is the site's address for the links.
   */
  async queueNewsletter(
    site: SiteRecord,
    editions: NewsletterEdition[],
    origin: string,
    now: Date,
  ): Promise<{ newsletterId: number }> {
    return this.#services.database.db.transaction().execute(async (trx) => {
      const newsletterId = await insertNewsletter(trx, site.id, editions, now.toISOString())
      await this.#services.jobs.enqueue(
        trx,
        NEWSLETTER_SEND_JOB,
        { newsletterId, origin },
        { dedupeKey: `newsletter:${newsletterId}:send` },
      )
      return { newsletterId }
    })
  }

  /** The job: walks the confirmed subscribers by id, a batch per transaction; a mail per subscriber (dedupe key). */
  async #send(db: Executor, { newsletterId, origin }: z.output<typeof SendJobSchema>, now: Date): Promise<void> {
    const newsletter = await findNewsletter(db, newsletterId)
    const site = newsletter && this.#services.sites.byId(newsletter.siteId)
    if (!newsletter || !site) return
    const editions = new Map(newsletter.editions.map((e) => [e.language, e]))
    let afterId = 0
    let recipients = 0
    for (;;) {
      const batch = await confirmedSubscribers(db, site.id, afterId, SEND_BATCH)
      if (batch.length === 0) break
      afterId = batch.at(-1)!.id
      const mails: NewMailMessage[] = []
      for (const subscriber of batch) {
        const language = languageFor(site, subscriber.languageId)
        const fallback = languageFor(site, site.fallbackLanguageId)
        const edition = editions.get(language.code) ?? editions.get(fallback.code)
        if (!edition) continue
        const mailLanguage = editions.has(language.code) ? language : fallback
        const layout = mailLayout(site, mailLanguage.code, origin)
        const key = unsubscribeKey(this.#services.secret, subscriber.id, subscriber.emailKey)
        const rendered = await renderMail(
          layout,
          newsletterIssue(layout, edition, unsubscribePageUrl(origin, language.pathPrefix, subscriber.id, key)),
        )
        mails.push({
          dedupeKey: `newsletter:${newsletterId}:${subscriber.id}`,
          kind: 'newsletter',
          site,
          language: mailLanguage.code,
          to: subscriber.emailAddress,
          rendered,
          headers: listUnsubscribeHeaders(origin, subscriber.id, key),
        })
      }
      await db.transaction().execute(async (trx) => {
        for (const mail of mails) await this.#services.mail.queueMail(trx, mail, now)
      })
      recipients += mails.length
    }
    await markNewsletterQueued(db, newsletterId, recipients, now.toISOString())
  }

  #unsubscribeUrl(origin: string, pathPrefix: string, subscription: Subscription): string {
    const key = unsubscribeKey(this.#services.secret, subscription.id, subscription.emailKey)
    return unsubscribePageUrl(origin, pathPrefix, subscription.id, key)
  }

  async #unsubscribeIn(trx: Executor, subscription: Subscription, now: Date): Promise<void> {
    const at = now.toISOString()
    await updateSubscription(trx, subscription.id, {
      status: 'unsubscribed',
      unsubscribedAt: at,
      confirmTokenHash: null,
      confirmExpiresAt: null,
      updatedAt: at,
    })
    const account =
      (subscription.accountId !== null && (await findAccountForNewsletter(trx, { id: subscription.accountId }))) ||
      (await findAccountForNewsletter(trx, { siteId: subscription.siteId, emailKey: subscription.emailKey }))
    if (account) await setAccountNewsletter(trx, account.id, false, at)
  }

  /** The address's subscription, made with `fresh` when it has none (read back when another request made it first). */
  async #subscriptionOf(
    trx: Executor,
    siteId: number,
    emailKey: string,
    fresh: Omit<Subscription, 'id'>,
  ): Promise<Subscription> {
    const { dialect } = this.#services.database
    const found = await findSubscription(trx, siteId, emailKey, dialect)
    if (found) return found
    return (await insertSubscription(trx, fresh)) ?? (await findSubscription(trx, siteId, emailKey, dialect))!
  }

  async #accountOf(db: Executor, scope: RequestScope, accountId: number) {
    const account = await findAccountForNewsletter(db, { id: accountId })
    if (!account || account.siteId !== scope.site.id || !account.activated)
      throw new AppError('notSignedIn', 401, 'Sign in to see your subscriptions.')
    return account
  }
}
