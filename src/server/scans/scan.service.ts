// The account's scan results and feed advice: lists with their unread counts, one opened (which marks it read), a
// result opened by the key of its result page (the mailed link), and storing a result or advice for the account with
// an e-mail address on a site (the back office), a result with the mail that links to its page.
import { randomBytes } from 'node:crypto'
import type {
  AccountFeedAdvice,
  AccountScanResult,
  FeedAdviceList,
  FeedAdvicePost,
  OwnFeedAdvicePost,
  ScanResultList,
  ScanResultPost,
  ScanResultStored,
} from '../../domain/account-scans.ts'
import { RESULT_KEY_PATTERN, roughageResultPath } from '../../domain/catalogue-paths.ts'
import { NotFoundError } from '../../domain/errors.ts'
import { ScanResultSchema, type ScanResult } from '../../domain/scan.ts'
import { insertAudit } from '../backoffice/backoffice.repository.ts'
import type { BackofficeOrigin } from '../backoffice/backoffice.service.ts'
import type { Db } from '../db/database.ts'
import type { Executor } from '../jobs/job.repository.ts'
import { mailLayout, renderMail, scanResultReady } from '../mail/mail-templates.ts'
import type { MailService } from '../mail/mail.service.ts'
import { languageOf, type SiteRecord } from '../sites/site.directory.ts'
import {
  countUnreadFeedAdvice,
  countUnreadScanResults,
  findAccountIdByEmail,
  findFeedAdvice,
  findAccountForMail,
  findFeedAdviceList,
  findScanResult,
  findScanResultByKey,
  findScanResults,
  insertFeedAdvice,
  insertScanResult,
  markRead,
} from './scan.repository.ts'

/** The account's unread scan results: `unreadQuickscanResults` of `GET /api/account`. */
export const unreadScanResultCount = (db: Db, accountId: number): Promise<number> =>
  countUnreadScanResults(db, accountId)

/** The account's unread feed advice. */
export const unreadFeedAdviceCount = (db: Db, accountId: number): Promise<number> =>
  countUnreadFeedAdvice(db, accountId)

export async function scanResultList(db: Db, accountId: number): Promise<ScanResultList> {
  const results = await findScanResults(db, accountId)
  return { unread: results.filter((r) => !r.read).length, results }
}

/** One of the account's results, marked read; another account's is as unknown as a missing one (404). */
export async function openScanResult(db: Db, accountId: number, id: number, now: Date): Promise<AccountScanResult> {
  const result = await findScanResult(db, accountId, id)
  if (!result) throw new NotFoundError(`Scan result ${id}`)
  if (!result.read) await markRead(db, 'scanResults', accountId, id, now)
  return { ...result, read: true }
}

export async function feedAdviceList(db: Db, accountId: number): Promise<FeedAdviceList> {
  const advice = await findFeedAdviceList(db, accountId)
  return { unread: advice.filter((a) => !a.advice.read).length, advice }
}

export async function openFeedAdvice(db: Db, accountId: number, id: number, now: Date): Promise<AccountFeedAdvice> {
  const advice = await findFeedAdvice(db, accountId, id)
  if (!advice) throw new NotFoundError(`Feed advice ${id}`)
  if (!advice.advice.read) await markRead(db, 'feedAdvice', accountId, id, now)
  return { ...advice, advice: { ...advice.advice, read: true } }
}

async function accountOf(db: Executor, siteId: number, emailAddress: string): Promise<number> {
  const accountId = await findAccountIdByEmail(db, siteId, emailAddress)
  if (accountId === undefined) throw new NotFoundError(`An account with this e-mail address on site ${siteId}`)
  return accountId
}

/** A result by the key of its page (the mailed link), on the request's site; the first opening marks it read. */
export async function openScanResultByKey(db: Db, siteId: number, key: string, now: Date): Promise<ScanResult> {
  const found = RESULT_KEY_PATTERN.test(key) ? await findScanResultByKey(db, siteId, key) : undefined
  if (!found) throw new NotFoundError('Scan result')
  if (!found.read) await markRead(db, 'scanResults', found.accountId, found.scanResultId, now)
  return ScanResultSchema.parse(found)
}

/** What the mail of a stored result needs: the outbox, the site and its address. */
export interface ScanResultMail {
  service: MailService
  site: SiteRecord
  origin: string
}

/**
 * Stores a scan result for an account, audited, with a fresh random key (128 bits, 32 hex digits: paths are
 * compared in lower case) for its result page, and queues the mail that tells the customer, with the page's link,
 * in the account's language.
 */
export async function storeScanResult(
  db: Db,
  { emailAddress, siteId, ...result }: ScanResultPost,
  origin: BackofficeOrigin,
  mail: ScanResultMail,
  now = new Date(),
): Promise<ScanResultStored> {
  const accountId = await accountOf(db, siteId, emailAddress)
  const account = await findAccountForMail(db, accountId)
  const language = languageOf(mail.site, account.languageId) ?? mail.site.languages[0]!
  const resultKey = randomBytes(16).toString('hex')
  const url = `${mail.origin}${roughageResultPath(language.pathPrefix, language.code, result.type, resultKey)}`
  // Rendered before the transaction: it needs nothing from it, and the write lock is held no longer than the writes.
  const layout = mailLayout(mail.site, language.code, mail.origin)
  const rendered = await renderMail(
    layout,
    scanResultReady(layout, { sampleName: result.name, scanType: result.type, url }),
  )
  return db.transaction().execute(async (trx) => {
    const scanResultId = await insertScanResult(trx, { ...result, accountId, siteId, resultKey, at: now })
    await insertAudit(trx, { ...origin, at: now, summary: { scanResultId, accountId } })
    await mail.service.queueMail(
      trx,
      {
        dedupeKey: `scan-result:${scanResultId}`,
        kind: 'scan-result',
        site: mail.site,
        language: language.code,
        to: account.emailAddress,
        rendered,
      },
      now,
    )
    return { scanResultId, accountId, resultKey }
  })
}

/** Advice the account's holder worked out with the feed calculator: kept as unread feed advice of the account. */
export async function storeOwnFeedAdvice(
  db: Db,
  accountId: number,
  siteId: number,
  advice: OwnFeedAdvicePost,
  now = new Date(),
): Promise<{ feedAdviceId: number; accountId: number }> {
  const feedAdviceId = await insertFeedAdvice(db, { ...advice, accountId, siteId, at: now })
  return { feedAdviceId, accountId }
}

export async function storeFeedAdvice(
  db: Db,
  { emailAddress, siteId, ...advice }: FeedAdvicePost,
  origin: BackofficeOrigin,
  now = new Date(),
): Promise<{ feedAdviceId: number; accountId: number }> {
  return db.transaction().execute(async (trx) => {
    const accountId = await accountOf(trx, siteId, emailAddress)
    const feedAdviceId = await insertFeedAdvice(trx, { ...advice, accountId, siteId, at: now })
    await insertAudit(trx, { ...origin, at: now, summary: { feedAdviceId, accountId } })
    return { feedAdviceId, accountId }
  })
}
