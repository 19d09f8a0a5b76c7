// What every checkout step shows around its form: the page title, the steps (done ones are links back), the network
// notice (the checkout needs the server; what was typed stays on the device), the step's content and the order
// summary (the lines and the costs, from the cart on this device: readable offline too).
import '../cart/cart.css'
import './checkout.css'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { CART_SLUGS, localPath } from '../../domain/catalogue-paths.ts'
import { mayReach, skipsDelivery, type FormStep } from '../../domain/checkout.ts'
import { useCart } from '../cart/cart-state.ts'
import { CostOverview } from '../cart/cart-summary.tsx'
import { useCartTotals } from '../cart/cart-totals.ts'
import { PageHead } from '../content/page-head.tsx'
import { PageHeading } from '../navigation/page-heading.tsx'
import { Price } from '../ui/price.tsx'
import { useRootData } from '../root/use-root-data.ts'
import { checkoutPath, type CheckoutState } from './checkout-state.ts'

const SHOWN_STEPS = ['billing', 'delivery', 'payment'] as const

export function CheckoutLayout({
  step,
  state,
  title,
  giftCard = null,
  children,
}: {
  step: FormStep | 'complete'
  state: CheckoutState
  title: string
  /** The payment step's gift card: what it pays of the total, shown in the summary with what is left to pay. */
  giftCard?: { card: string; part: number } | null
  children: ReactNode
}) {
  const { t } = useTranslation()
  const { site } = useRootData()
  return (
    <article className="checkout" data-step={step}>
      <PageHead title={`${title} | ${site.brandName}`} noIndex />
      {step !== 'complete' && <CheckoutSteps step={step} state={state} />}
      <PageHeading>{title}</PageHeading>
      {state.status === 'offline' && step !== 'complete' && (
        <p className="checkout__offline" role="status">
          {t('checkout.offline')}
        </p>
      )}
      {state.status === 'error' && (
        <p className="checkout__error" role="alert">
          {t('checkout.error')}
        </p>
      )}
      <div className="checkout__layout">
        {step !== 'complete' && <OrderSummary open={step === 'payment'} giftCard={giftCard} />}
        <div className="checkout__main">{children}</div>
      </div>
    </article>
  )
}

function CheckoutSteps({ step, state }: { step: FormStep; state: CheckoutState }) {
  const { t } = useTranslation()
  const { language } = useRootData()
  const cart = state.status === 'ready' ? state.cart : null
  const shown = SHOWN_STEPS.filter((s) => s !== 'delivery' || !cart || !skipsDelivery(cart))
  const current = step === 'login' ? 'billing' : step
  const currentIndex = shown.indexOf(current)
  return (
    <nav className="checkout-steps" aria-label={t('checkout.steps.label')}>
      <ol>
        {shown.map((s, index) => {
          const label = t(`checkout.steps.${s}`)
          const done = index < currentIndex
          return (
            <li key={s} className={s === current ? 'is-current' : done ? 'is-done' : undefined}>
              {done && cart && mayReach(s, cart) ? (
                <Link to={checkoutPath(language.pathPrefix, s)}>
                  <span className="checkout-steps__number">{index + 1}</span>{' '}
                  <span className="checkout-steps__label">{label}</span>
                </Link>
              ) : (
                <span aria-current={s === current ? 'step' : undefined}>
                  <span className="checkout-steps__number">{index + 1}</span> {label}
                </span>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}

/**
 * The order as it stands: lines and costs. On a phone it comes first, folded to one line with the total, so the form
 * below it never pushes it (nor is pushed by it) as the form and the device's cart load; from the tablet width it
 * stands open beside the form (and at the payment step everywhere). The line is there from the first paint, the total fills in when the cart is read.
 */
function OrderSummary({ open, giftCard }: { open: boolean; giftCard: { card: string; part: number } | null }) {
  const { t } = useTranslation()
  const { language } = useRootData()
  const { view } = useCart()
  const totals = useCartTotals(view)
  const calculation = totals.calculation
  const lines = calculation?.products ?? []
  return (
    <aside className="checkout-summary" aria-labelledby="checkout-summary-heading">
      {/* Open at the payment step: what is paid for, VAT per rate, shipping and payment costs, before paying. */}
      <details className="checkout-summary__details" open={open}>
        <summary>
          <h2 id="checkout-summary-heading">{t('checkout.summary.title')}</h2>
          <span className="checkout-summary__total">
            {calculation && <Price cents={calculation.totalAmount} currency={calculation.currency} euro={false} />}
          </span>
        </summary>
        <ul className="checkout-summary__lines">
          {lines.map((line) => (
            <li key={line.productVariantId}>
              <span>
                {line.quantity} × {line.description}
                {line.productLabel && <span className="checkout-summary__label"> ({line.productLabel})</span>}
              </span>
            </li>
          ))}
        </ul>
        <p>
          <Link to={localPath(language.pathPrefix, CART_SLUGS[language.code])}>{t('checkout.summary.change')}</Link>
        </p>
        {view && <CostOverview view={view} totals={totals} />}
        {calculation && giftCard !== null && giftCard.part > 0 && (
          <dl className="checkout-summary__gift-card">
            <div className="cost-overview__row">
              <dt>{t('checkout.summary.giftCard', { card: giftCard.card })}</dt>
              <dd>
                −<Price cents={giftCard.part} currency={calculation.currency} euro={false} />
              </dd>
            </div>
            <div className="cost-overview__row cost-overview__row--total">
              <dt>{t('checkout.summary.toPay')}</dt>
              <dd>
                <Price cents={calculation.totalAmount - giftCard.part} currency={calculation.currency} />
              </dd>
            </div>
          </dl>
        )}
      </details>
    </aside>
  )
}
