// The tracker's data layer: the shop's events for the tag manager. Events are pushed whether or not the tag manager
// is loaded; the tag manager only reads them once the visitor consented (consent/tag-manager.ts).
import { assertClient } from '../client-only.ts'

export type TrackerEvent = { event: string } & Record<string, unknown>

declare global {
  interface Window {
    dataLayer?: unknown[]
  }
}

export function pushEvent(event: TrackerEvent): void {
  assertClient()
  window.dataLayer ??= []
  window.dataLayer.push(event)
}

/** After every route change: a content view with the route's name. */
export function contentView(routeName: string, path: string): TrackerEvent {
  return { event: 'content-view', routeName, path }
}

/** GA4: `{ ecommerce: null }` before an e-commerce event, so its items are not merged with the previous event's. */
export function clearEcommerce(): void {
  assertClient()
  window.dataLayer ??= []
  window.dataLayer.push({ ecommerce: null })
}
