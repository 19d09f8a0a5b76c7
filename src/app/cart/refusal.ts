// What the server refused, and where on the cart page each refusal is shown: by the line, sample, field or choice it
// was about, so the shopper reads it where they acted. A refusal is final (sending it again would be refused again);
// it stays until the shopper decides again about that thing (a new change supersedes it, see cart-store.ts) or
// dismisses it.
import type { TFunction } from 'i18next'
import { subjectOf } from '../../domain/cart-subject.ts'
import { translateWith } from '../i18n/translate-with.ts'
import type { CartView, OutboxEntry, Refusal } from '../../browser/cart-store.ts'

/** Why the server refused a change, in the shopper's language: its own words, or the app's text for its code. */
export function reasonOf(t: TFunction, error: Refusal): string {
  return error.message || translateWith(t)(`errors.${error.code}`, error.params)
}

/** The latest refusal of one thing, with the earlier ones about it (dismissed together). */
export interface RefusalOf {
  entry: OutboxEntry
  ids: string[]
}

export interface PlacedRefusals {
  /** By variant: a refused quantity, addition or removal of a line the cart has. */
  lines: Map<number, RefusalOf>
  /** By `${variant}:${sequence}`: a refused name or removal of a sample the cart has. */
  samples: Map<string, RefusalOf>
  /** Refused additions of products the cart does not have (they have no line to be shown by). */
  additions: RefusalOf[]
  discountCode: RefusalOf | null
  shippingMethod: RefusalOf | null
  /** Nothing on the page to show them by: a payment method, a change that could not be read, a line since gone. */
  elsewhere: RefusalOf[]
}

export const sampleKey = (productVariantId: number, sequence: number) => `${productVariantId}:${sequence}`

export function placeRefusals(view: CartView): PlacedRefusals {
  const placed: PlacedRefusals = {
    lines: new Map(),
    samples: new Map(),
    additions: [],
    discountCode: null,
    shippingMethod: null,
    elsewhere: [],
  }
  const lineOf = (productVariantId: number) =>
    view.contents.products.find((p) => p.productVariantId === productVariantId)
  const latest = (earlier: RefusalOf | null | undefined, entry: OutboxEntry): RefusalOf => ({
    entry,
    ids: [...(earlier?.ids ?? []), entry.id],
  })
  const into = <K>(map: Map<K, RefusalOf>, key: K, entry: OutboxEntry) => map.set(key, latest(map.get(key), entry))
  const additions = new Map<number, RefusalOf>()
  for (const entry of view.refused) {
    if (entry.error?.code === 'unreadable') {
      placed.elsewhere.push({ entry, ids: [entry.id] })
      continue
    }
    const subject = subjectOf(entry.mutation)
    switch (subject.kind) {
      case 'line':
        if (lineOf(subject.productVariantId)) into(placed.lines, subject.productVariantId, entry)
        else if (entry.mutation.type === 'add') into(additions, subject.productVariantId, entry)
        else placed.elsewhere.push({ entry, ids: [entry.id] })
        break
      case 'sample':
        if (lineOf(subject.productVariantId)?.rqsSamples.some((s) => s.sequence === subject.sequence))
          into(placed.samples, sampleKey(subject.productVariantId, subject.sequence), entry)
        else placed.elsewhere.push({ entry, ids: [entry.id] })
        break
      case 'discountCode':
        placed.discountCode = latest(placed.discountCode, entry)
        break
      case 'shippingMethod':
        placed.shippingMethod = latest(placed.shippingMethod, entry)
        break
      default:
        placed.elsewhere.push({ entry, ids: [entry.id] })
    }
  }
  placed.additions = [...additions.values()]
  return placed
}

/** The stock the server said there is, for a refusal because of it; else null. */
export function stockOf(error: Refusal | null): number | null {
  if (error?.code !== 'insufficientStock') return null
  const amount = Number(error.params.amount)
  return Number.isInteger(amount) && amount >= 0 ? amount : null
}
