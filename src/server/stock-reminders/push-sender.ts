// Web Push from the server: the VAPID key pair (RFC 8292) and one encrypted message (RFC 8291, aes128gcm) to a push
// service. `web-push` builds the request (encryption, the signed VAPID header); it is sent with fetch, so a timeout
// bounds it and a test's push service may listen on plain HTTP.
//
// The endpoint comes from a browser, so the server would post wherever a request told it to: only endpoints of the
// push services browsers use (or those PUSH_ENDPOINT_ORIGINS names) are taken, when subscribing and when sending.
import webpush from 'web-push'
import { z } from 'zod'
import type { PushSubscriptionJson } from '../../domain/stock-reminders.ts'
import type { Db } from '../db/database.ts'
import { findServerKey, insertServerKey } from './stock-reminder.repository.ts'

/** The push services of Chrome and Edge (FCM), Firefox (autopush), Safari (Apple) and Windows (WNS). */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '.push.apple.com',
  '.notify.windows.com',
] as const

export interface VapidKeys {
  publicKey: string
  privateKey: string
}

const VapidKeysSchema = z.object({ publicKey: z.string().min(80), privateKey: z.string().min(40) })

/**
 * The server's VAPID keys: the configured pair, else the one stored on first start. Two processes starting at once
 * both make one, one is stored, and both read back that one.
 */
export async function vapidKeys(db: Db, configured: Partial<VapidKeys>, now = new Date()): Promise<VapidKeys> {
  if (configured.publicKey && configured.privateKey)
    return { publicKey: configured.publicKey, privateKey: configured.privateKey }
  const stored = await findServerKey(db, 'vapid')
  if (stored) return VapidKeysSchema.parse(JSON.parse(stored))
  await insertServerKey(db, 'vapid', JSON.stringify(webpush.generateVAPIDKeys()), now.toISOString())
  return VapidKeysSchema.parse(JSON.parse((await findServerKey(db, 'vapid'))!))
}

/** Whether the server may post to this endpoint: a browser push service, or an origin the configuration names. */
export function endpointAllowed(endpoint: string, extraOrigins: readonly string[]): boolean {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return false
  }
  if (extraOrigins.includes(url.origin)) return true
  if (url.protocol !== 'https:' || url.port !== '') return false
  return PUSH_SERVICE_HOSTS.some((host) => (host.startsWith('.') ? url.hostname.endsWith(host) : url.hostname === host))
}

export type PushOutcome =
  /** Accepted by the push service. */
  | { kind: 'sent' }
  /** The subscription is gone (404, 410): never send to it again. */
  | { kind: 'gone'; status: number }
  /** Refused for good (the request is wrong: 400, 403, 413 …). */
  | { kind: 'refused'; status: number; body: string }
  /** Try again later (429, 5xx, no answer). */
  | { kind: 'retry'; status: number | null; reason: string }

export interface PushOptions {
  /** Seconds the push service keeps the message for a device that is offline. */
  ttl: number
  /** One waiting message per topic: a newer one replaces it (RFC 8030 § 5.4). */
  topic?: string
  urgency?: 'very-low' | 'low' | 'normal' | 'high'
}

export interface PushSender {
  send(subscription: PushSubscriptionJson, payload: string, options: PushOptions): Promise<PushOutcome>
}

/** Sends with `web-push`'s request: encrypted for the subscription, signed with the server's VAPID key. */
export class WebPushSender implements PushSender {
  readonly #keys: VapidKeys
  readonly #subject: string
  readonly #extraOrigins: readonly string[]
  readonly #timeoutMs: number

  constructor(keys: VapidKeys, { subject, extraOrigins = [], timeoutMs = 10_000 }: WebPushSenderOptions) {
    this.#keys = keys
    this.#subject = subject
    this.#extraOrigins = extraOrigins
    this.#timeoutMs = timeoutMs
  }

  async send(subscription: PushSubscriptionJson, payload: string, options: PushOptions): Promise<PushOutcome> {
    if (!endpointAllowed(subscription.endpoint, this.#extraOrigins))
      return { kind: 'refused', status: 0, body: 'endpoint not allowed' }
    const details = webpush.generateRequestDetails(subscription, payload, {
      vapidDetails: { subject: this.#subject, ...this.#keys },
      TTL: options.ttl,
      contentEncoding: 'aes128gcm',
      ...(options.topic && { topic: options.topic }),
      urgency: options.urgency ?? 'normal',
    })
    let response: Response
    try {
      response = await fetch(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body ? new Uint8Array(details.body) : null,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.#timeoutMs),
      })
    } catch (error) {
      return { kind: 'retry', status: null, reason: error instanceof Error ? error.message : String(error) }
    }
    const body = (await response.text()).slice(0, 500)
    if (response.status >= 200 && response.status < 300) return { kind: 'sent' }
    if (response.status === 404 || response.status === 410) return { kind: 'gone', status: response.status }
    if (response.status === 429 || response.status >= 500)
      return { kind: 'retry', status: response.status, reason: body }
    return { kind: 'refused', status: response.status, body }
  }
}

export interface WebPushSenderOptions {
  /** The VAPID `sub`: a mailto: or https: address a push service can reach the shop at. */
  subject: string
  /** Origins besides the browsers' push services (a test's push service). */
  extraOrigins?: readonly string[]
  timeoutMs?: number
}
