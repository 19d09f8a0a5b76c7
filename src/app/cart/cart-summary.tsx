// The cart's delivery choice and cost overview (the calculation's result): subtotal, discounts, shipping (free from
// the site's threshold), payment costs, VAT per rate, total; other currencies than the euro marked indicative (the
// Price component and the frame's notice) with the total's binding euro amount beside it, and totals worked out on the
// device marked provisional.
import { useTranslation } from 'react-i18next'
import { needsDelivery, shipsFree } from '../../domain/cart-pricing.ts'
import { formatMoney } from '../../domain/locale.ts'
import type { CartView } from '../../browser/cart-store.ts'
import { useRootData } from '../root/use-root-data.ts'
import { Price } from '../ui/price.tsx'
import { useCart } from './cart-state.ts'
import type { CartTotals } from './cart-totals.ts'
import type { RefusalOf } from './refusal.ts'
import { RefusalMessage } from './refusals.tsx'

export function Delivery({ view, totals, refusal }: { view: CartView; totals: CartTotals; refusal: RefusalOf | null }) {
  const { t } = useTranslation()
  const { change } = useCart()
  const rates = view.pricing?.shippingRates ?? []
  // What the server said of a delivery choice it refused, under the choice (which stays as the server has it).
  const refused = refusal && <RefusalMessage refusal={refusal} hint={t('cart.refusal.otherDelivery')} dismissible />
  // Scan samples are sent in by the customer: nothing to deliver, no choice to make.
  if (rates.length === 0 || !needsDelivery(totals.calculation?.products ?? [])) return refused
  const goods =
    (totals.calculation?.subTotalAmount ?? 0) -
    (totals.calculation?.orderDiscounts.reduce((sum, d) => sum + d.amount, 0) ?? 0)
  return (
    <fieldset className="delivery-choice">
      <legend>{t('cart.delivery.title')}</legend>
      {rates.map((rate) => {
        const free = shipsFree(rate, goods)
        return (
          <label key={rate.shippingMethod}>
            <input
              type="radio"
              name="shipping-method"
              value={rate.shippingMethod}
              checked={view.contents.shippingMethod === rate.shippingMethod}
              onChange={() => void change({ type: 'setShippingMethod', shippingMethod: rate.shippingMethod })}
            />{' '}
            {t(rate.shippingMethod === 1 ? 'cart.delivery.pickupPoint' : 'cart.delivery.home')}{' '}
            <span className="delivery-choice__price">
              {free ? t('cart.summary.free') : <Price cents={rate.priceCents} currency={view.pricing!.currency} />}
            </span>
          </label>
        )
      })}
      {refused}
    </fieldset>
  )
}

export function CostOverview({ view, totals }: { view: CartView; totals: CartTotals }) {
  const { t } = useTranslation()
  const { locale } = useRootData()
  // Refused for too many requests is not offline: the totals wait for the shop, not for a connection.
  const { limited } = useCart()
  const { calculation, provisional } = totals
  if (!calculation)
    return (
      <section className="cost-overview cost-overview--unavailable" aria-labelledby="costs-heading">
        <h2 id="costs-heading">{t('cart.summary.title')}</h2>
        <p role="status">{t(limited !== null ? 'cart.summary.unavailableHeld' : 'cart.summary.unavailable')}</p>
      </section>
    )
  const currency = calculation.currency
  const rate = view.pricing?.shippingRates.find((r) => r.shippingMethod === view.contents.shippingMethod)
  const goods = calculation.subTotalAmount - calculation.orderDiscounts.reduce((sum, d) => sum + d.amount, 0)
  const short = rate?.freeFromCents != null && calculation.shippingCosts > 0 ? rate.freeFromCents - goods : 0
  const rates = {
    low: view.pricing?.vatPercentageLow ?? calculation.products.find((l) => l.vatType === 'low')?.vatRatePercentage,
    high: view.pricing?.vatPercentageHigh ?? calculation.products.find((l) => l.vatType === 'high')?.vatRatePercentage,
  }
  // The euro amount that binds is given once, with the total: on every row it would only crowd the overview.
  const row = (label: string, cents: number, key: string, options: { minus?: boolean; strong?: boolean } = {}) => (
    <div key={key} className={options.strong ? 'cost-overview__row cost-overview__row--total' : 'cost-overview__row'}>
      <dt>{label}</dt>
      <dd>
        {options.minus && '−'}
        <Price cents={cents} currency={currency} euro={options.strong === true} />
      </dd>
    </div>
  )
  return (
    <section className="cost-overview" aria-labelledby="costs-heading" data-provisional={provisional || undefined}>
      <h2 id="costs-heading">{t('cart.summary.title')}</h2>
      <dl>
        {row(t('cart.summary.subtotal'), calculation.subTotalAmount, 'subtotal')}
        {calculation.orderDiscounts.map((d) => row(d.description, d.amount, d.promotionKey, { minus: true }))}
        <div className="cost-overview__row">
          <dt>{t('cart.summary.shipping')}</dt>
          <dd>
            {calculation.shippingCosts === 0 && calculation.originalShippingCosts > 0 ? (
              <>
                <del>
                  <Price cents={calculation.originalShippingCosts} currency={currency} euro={false} />
                </del>{' '}
                {t('cart.summary.free')}
              </>
            ) : (
              <Price cents={calculation.shippingCosts} currency={currency} euro={false} />
            )}
          </dd>
        </div>
        {calculation.paymentCosts > 0 && row(t('cart.summary.payment'), calculation.paymentCosts, 'payment')}
        {calculation.vatAmountLow > 0 &&
          row(t('cart.summary.vatLow', { rate: String(rates.low ?? '') }), calculation.vatAmountLow, 'vat-low')}
        {calculation.vatAmountHigh > 0 &&
          row(t('cart.summary.vatHigh', { rate: String(rates.high ?? '') }), calculation.vatAmountHigh, 'vat-high')}
        {row(t('cart.summary.totalExclVat'), calculation.totalAmountExclVat, 'excl')}
        {row(t('cart.summary.total'), calculation.totalAmount, 'total', { strong: true })}
      </dl>
      {short > 0 && (
        <p className="cost-overview__hint">
          {t('cart.summary.freeShippingHint', { amount: formatMoney(short, currency, locale.language) })}
        </p>
      )}
      {provisional && (
        <p className="cost-overview__provisional" role="status">
          {t(limited !== null ? 'cart.summary.provisionalHeld' : 'cart.summary.provisional')}
        </p>
      )}
    </section>
  )
}
