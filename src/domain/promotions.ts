// When promotions run and what they give for free, as plain functions (no zod): the header's cart count uses them on
// every page's first script, the cart calculation everywhere else.

interface Runs {
  validFrom: string | null
  validTo: string | null
}
interface FreeRule extends Runs {
  kind: string
  productVariantIds: readonly number[]
  buy?: number
  free?: number
}

export const isRunning = (rule: Runs, now: Date) =>
  (rule.validFrom === null || Date.parse(rule.validFrom) <= now.getTime()) &&
  (rule.validTo === null || now.getTime() < Date.parse(rule.validTo))

/** How many pieces of a variant come free with `quantity` bought ("buy 3, get 1 free"); the stock must cover them. */
export function freeQuantity(
  rules: { promotions: readonly FreeRule[] },
  productVariantId: number,
  quantity: number,
  now: Date,
): number {
  return rules.promotions.reduce(
    (sum, p) =>
      p.kind === 'buyXGetYFree' && p.productVariantIds.includes(productVariantId) && isRunning(p, now)
        ? sum + Math.floor(quantity / p.buy!) * p.free!
        : sum,
    0,
  )
}
