// The cart page, at /cart/ and each language's word for it. The cart lives on the device, so the page fills in after
// start-up: the lines with their changes waiting for the server applied, what waits to be sent, what the server
// refused (final: shown by the line, field or choice it was about, with what to do), what changed since the shopper
// last saw it, the discount code, the delivery, the costs (the server's, or provisional ones worked out on the
// device), the cart's USPs, recommendations and the checkout button.
import './cart.css'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { homePath } from '../../domain/catalogue-paths.ts'
import { useHydrated } from '../catalogue/use-hydrated.ts'
import { PageHead } from '../content/page-head.tsx'
import type { CartView } from '../../browser/cart-store.ts'
import { PageHeading } from '../navigation/page-heading.tsx'
import { useRootData } from '../root/use-root-data.ts'
import { itemOfLine, trackViewCart } from '../tracking/ecommerce.ts'
import { CartDifferences } from './cart-differences.tsx'
import { CartLineItem } from './cart-line.tsx'
import { Recommendations } from './cart-recommendations.tsx'
import { useCart } from './cart-state.ts'
import { CostOverview, Delivery } from './cart-summary.tsx'
import { useCartTotals, type CartTotals } from './cart-totals.ts'
import { CartUsps } from './cart-usps.tsx'
import { OtherRefusals, PendingChanges } from './change-list.tsx'
import { CheckoutButton } from './checkout-button.tsx'
import { DiscountCode } from './discount-code.tsx'
import { placeRefusals } from './refusal.ts'
import { RefusedAdditions } from './refusals.tsx'

export function Component() {
  const { t } = useTranslation()
  const { site, currency } = useRootData()
  const { view } = useCart()
  const totals = useCartTotals(view)
  const hydrated = useHydrated()
  useViewCartEvent(view, totals, currency)
  return (
    <article className="cart-page" data-hydrated={hydrated || undefined}>
      <PageHead title={`${t('cart.title')} | ${site.brandName}`} noIndex />
      <PageHeading>{t('cart.title')}</PageHeading>
      {view === null ? <p role="status">{t('cart.loading')}</p> : <CartBody view={view} totals={totals} />}
    </article>
  )
}

function CartBody({ view, totals }: { view: CartView; totals: CartTotals }) {
  const { t } = useTranslation()
  const { language } = useRootData()
  const { sending, limited } = useCart()
  const lines = view.contents.products
  const refusals = placeRefusals(view)
  return (
    <>
      {/* Refused for too many requests is not offline: the list of waiting changes says how long to wait. */}
      {sending === 'offline' && limited === null && view.queued.length > 0 && (
        <p className="cart-page__offline" role="status">
          {t('cart.status.offline')}
        </p>
      )}
      <CartDifferences view={view} />
      <PendingChanges view={view} totals={totals} />
      <OtherRefusals refusals={refusals.elsewhere} view={view} totals={totals} />
      {lines.length === 0 ? (
        <>
          <RefusedAdditions refusals={refusals} view={view} totals={totals} />
          <div className="cart-page__empty">
            <p>{t('cart.empty')}</p>
            <Link className="button" to={homePath(language.pathPrefix)}>
              {t('cart.continueShopping')}
            </Link>
          </div>
        </>
      ) : (
        <div className="cart-page__layout">
          <div className="cart-page__lines">
            <ul className="cart-lines" aria-label={t('cart.title')}>
              {lines.map((item) => (
                <CartLineItem key={item.productVariantId} item={item} view={view} totals={totals} refusals={refusals} />
              ))}
            </ul>
            <RefusedAdditions refusals={refusals} view={view} totals={totals} />
          </div>
          <section className="cart-summary" aria-label={t('cart.summary.title')}>
            <DiscountCode view={view} totals={totals} refusal={refusals.discountCode} />
            <Delivery view={view} totals={totals} refusal={refusals.shippingMethod} />
            <CostOverview view={view} totals={totals} />
            <CheckoutButton view={view} totals={totals} />
          </section>
        </div>
      )}
      <CartUsps />
      {lines.length > 0 && <Recommendations cartId={view.cartId} />}
    </>
  )
}

/** view_cart, once per visit of the page, when its lines are known. */
function useViewCartEvent(view: CartView | null, totals: CartTotals, currency: string) {
  const sent = useRef(false)
  useEffect(() => {
    if (sent.current || !view || !totals.calculation) return
    sent.current = true
    const items = totals.calculation.products.map((line) =>
      itemOfLine(line, totals.products.get(line.productVariantId)),
    )
    trackViewCart(items, currency)
  }, [view, totals, currency])
}
