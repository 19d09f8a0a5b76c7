// The words of a cart calculation (variant labels, promotions, codes, free shipping) in the shopper's language, from
// locales/: the server builds them with its translate function, the app with i18next, so both say the same.
//
// Each text is made once and kept: a calculation asks for the same labels on every call, and translating costs ten
// times the arithmetic. Labels are kept per variant object and promotion texts per promotion object, both replaced
// when the catalogue or the prices change, so a kept text never outlives what it describes.
import type { CalculationTexts } from './cart-pricing.ts'
import type { CurrencyCode } from './currency.ts'
import { keptPerKey } from './kept-per-key.ts'
import type { LanguageCode } from './language-codes.ts'
import { formatMoney } from './locale.ts'
import type { ProductVariant } from './product.ts'
import { variantLabel, type Translate } from './variant-label.ts'

function kept<K extends object, V>(make: (key: K) => V): (key: K) => V {
  const cache = new WeakMap<K, V>()
  return (key) => {
    let value = cache.get(key)
    if (value === undefined) cache.set(key, (value = make(key)))
    return value
  }
}

/** Texts by a value without bound (a code, an amount): at most this many kept. */
const KEPT_BY_VALUE_MAX = 500
const keptBy = <K, V>(make: (key: K) => V) => keptPerKey(make, KEPT_BY_VALUE_MAX)

export function calculationTexts(t: Translate, language: LanguageCode, currency: CurrencyCode): CalculationTexts {
  const label = kept((variant: ProductVariant) => variantLabel(t, variant, language))
  const promotion = kept((p: Parameters<CalculationTexts['promotion']>[0]) =>
    p.kind === 'buyXGetYFree'
      ? t('cart.promotion.buyXGetYFree', { buy: String(p.buy), free: String(p.free) })
      : t('cart.promotion.percentageOff', { percentage: String(p.percentage) }),
  )
  const code = keptBy((value: string) => t('cart.discount.line', { code: value }))
  const freeFrom = keptBy((cents: number) =>
    t('cart.shipping.freeFrom', { amount: formatMoney(cents, currency, language) }),
  )
  return {
    variantLabel: (_, variant) => label(variant),
    promotion,
    discountCode: (rule) => code(rule.code),
    freeShipping: (rate) => freeFrom(rate.freeFromCents ?? 0),
  }
}
