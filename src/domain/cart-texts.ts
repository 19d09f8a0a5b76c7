// The words of a cart calculation (variant labels, promotions, codes, free shipping) in the shopper's language, from
// locales/: the server builds them with its translate function, the app with i18next, so both say the same.
import type { CalculationTexts } from './cart-calculation.ts'
import type { CurrencyCode } from './currency.ts'
import type { LanguageCode } from './languages.ts'
import { formatMoney } from './locale.ts'
import { variantLabel, type Translate } from './variant-label.ts'

export function calculationTexts(t: Translate, language: LanguageCode, currency: CurrencyCode): CalculationTexts {
  return {
    variantLabel: (_, variant) => variantLabel(t, variant, language),
    promotion: (promotion) =>
      promotion.kind === 'buyXGetYFree'
        ? t('cart.promotion.buyXGetYFree', { buy: String(promotion.buy), free: String(promotion.free) })
        : t('cart.promotion.percentageOff', { percentage: String(promotion.percentage) }),
    discountCode: (rule) => t('cart.discount.line', { code: rule.code }),
    freeShipping: (rate) =>
      t('cart.shipping.freeFrom', { amount: formatMoney(rate.freeFromCents ?? 0, currency, language) }),
  }
}
