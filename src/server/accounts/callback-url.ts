// The links in account mails lead to `callbackUrl`, a page of the app given by the call. It must be an address of the
// site that asked (as the checkout's `confirmUrl`): a link in our mail must never lead to someone else's site.
import { AppError } from '../../domain/errors.ts'
import type { SiteRecord } from '../sites/site.directory.ts'

export function checkCallbackUrl(site: Pick<SiteRecord, 'domains'>, callbackUrl: string, name = 'callbackUrl'): URL {
  const url = new URL(callbackUrl)
  if (!site.domains.includes(url.hostname) && url.hostname !== 'localhost')
    throw new AppError('invalidParameter', 400, `The parameter '${name}' must be an address of this site.`, { name })
  return url
}

/** The mailed link: the callback page with the account's id and the token (`?userId=…&token=…`). */
export function mailedLink(callbackUrl: string, userId: number, token: string): string {
  const url = new URL(callbackUrl)
  url.searchParams.set('userId', String(userId))
  url.searchParams.set('token', token)
  return url.href
}

/**
 * The reset page beside the callback page: a registration's callback is `/…/account/confirm/`, the reset page
 * `/…/account/reset/` (spec §2's routes, under the same language prefix).
 */
export const resetPageOf = (callbackUrl: string): string => new URL('../reset/', callbackUrl).href
