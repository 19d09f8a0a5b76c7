// The cart page (SPEC §2 "Cart at /cart/", in each language's word, issue #5). The cart lives on the device, so the
// page fills in after start-up: the lines with their changes waiting for the server applied, what waits to be sent,
// what the server refused (final: shown by the line, field or choice it was about, with what to do), what changed
// since the shopper last saw it, the discount code, the delivery, the costs (the server's, or provisional ones worked
// out on the device), the cart's USPs, recommendations and the checkout button (SPEC §4: at least one product;
// SPEC §5: every hay sample named).
import './cart.css'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { UspCollection } from '../../domain/content.ts'
import type { ProductSummary } from '../../domain/catalogue-api.ts'
import { homePath, localPath } from '../../domain/catalogue-paths.ts'
import { formatMoney } from '../../domain/locale.ts'
import type { CartLine } from '../../domain/cart.ts'
import { ProductCard } from '../catalogue/product-card.tsx'
import { useHydrated } from '../catalogue/use-hydrated.ts'
import { PageHead } from '../content/page-head.tsx'
import type { CartView } from '../../browser/cart-store.ts'
import { UspBar } from '../frame/header.tsx'
import { PageHeading } from '../navigation/page-heading.tsx'
import { useRootData } from '../root/use-root-data.ts'
import { useServices } from '../services.tsx'
import { itemOfLine, trackBeginCheckout, trackViewCart } from '../tracking/ecommerce.ts'
import { CartLineItem } from './cart-line.tsx'
import { useCart } from './cart-state.ts'
import { useCartTotals, type CartTotals } from './cart-totals.ts'
import { nameIn, OtherRefusals, PendingChanges } from './change-list.tsx'
import { DiscountCode } from './discount-code.tsx'
import { placeRefusals, type PlacedRefusals } from './refusal.ts'
import { RefusedAddition } from './refusals.tsx'
import { Delivery, CostOverview } from './cart-summary.tsx'

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
  const { sending } = useCart()
  const lines = view.contents.products
  const refusals = placeRefusals(view)
  return (
    <>
      {sending === 'offline' && view.queued.length > 0 && (
        <p className="cart-page__offline" role="status">
          {t('cart.status.offline')}
        </p>
      )}
      <Differences view={view} />
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

/** What the server answered differently from what the shopper was shown, until they have seen it. */
function Differences({ view }: { view: CartView }) {
  const { t } = useTranslation()
  const { dismissDifferences } = useCart()
  const { currency, locale } = useRootData()
  if (view.differences.length === 0) return null
  const money = (cents: number | null) => formatMoney(cents ?? 0, currency, locale.language)
  return (
    <section className="cart-differences" role="alert" aria-labelledby="differences-heading">
      <h2 id="differences-heading">{t('cart.differences.title')}</h2>
      <ul>
        {view.differences.map((difference) => (
          <li key={difference.productVariantId}>
            {difference.kind === 'price'
              ? t('cart.differences.price', {
                  name: difference.name,
                  before: money(difference.before),
                  after: money(difference.after),
                })
              : t('cart.differences.removed', { name: difference.name })}
          </li>
        ))}
      </ul>
      <button type="button" className="button button--small" onClick={() => void dismissDifferences()}>
        {t('cart.differences.dismiss')}
      </button>
    </section>
  )
}

/** Additions the server refused of products the cart does not have: each where its line would have been. */
function RefusedAdditions({
  refusals,
  view,
  totals,
}: {
  refusals: PlacedRefusals
  view: CartView
  totals: CartTotals
}) {
  const { t } = useTranslation()
  if (refusals.additions.length === 0) return null
  const nameOf = nameIn(view, totals)
  return (
    <ul className="cart-lines" aria-label={t('cart.refusal.notAddedTitle')}>
      {refusals.additions.map((refusal) => (
        <RefusedAddition
          key={refusal.entry.id}
          refusal={refusal}
          name={'productVariantId' in refusal.entry.mutation ? nameOf(refusal.entry.mutation.productVariantId) : ''}
        />
      ))}
    </ul>
  )
}

/** SPEC §4: checkout needs at least one product; SPEC §5: every hay sample named first. */
function CheckoutButton({ view, totals }: { view: CartView; totals: CartTotals }) {
  const { t } = useTranslation()
  const { language, currency } = useRootData()
  const unnamed = view.contents.products.some((line) => line.rqsSamples.some((s) => s.sampleName === ''))
  const empty = view.contents.products.length === 0
  const checkout = () => {
    const items = (totals.calculation?.products ?? []).map((line: CartLine) =>
      itemOfLine(line, totals.products.get(line.productVariantId)),
    )
    trackBeginCheckout(items, currency, view.contents.discountCode)
  }
  return (
    <div className="cart-checkout">
      {unnamed && <p className="cart-checkout__hint">{t('validation.hayNamesRequired')}</p>}
      {empty || unnamed ? (
        <button type="button" className="button button--large" disabled>
          {t('cart.checkout')}
        </button>
      ) : (
        <Link className="button button--large" to={localPath(language.pathPrefix, 'checkout')} onClick={checkout}>
          {t('cart.checkout')}
        </Link>
      )}
    </div>
  )
}

/** The site's cart USPs (its own collection, SPEC §3 cartUspCollectionId). */
function CartUsps() {
  const { api } = useServices()
  const { site } = useRootData()
  const [usps, setUsps] = useState<UspCollection | null>(null)
  useEffect(() => {
    const controller = new AbortController()
    api
      .usps(site.cartUspCollectionId, controller.signal)
      .then(setUsps)
      .catch(() => undefined)
    return () => controller.abort()
  }, [api, site.cartUspCollectionId])
  return usps ? <UspBar usps={usps} /> : null
}

/** Products that go with the cart (the server's choice; none offline). */
function Recommendations({ cartId }: { cartId: string | null }) {
  const { t } = useTranslation()
  const { api } = useServices()
  const [products, setProducts] = useState<ProductSummary[]>([])
  useEffect(() => {
    if (!cartId) return
    const controller = new AbortController()
    api
      .cartRecommendations(cartId, controller.signal)
      .then(setProducts)
      .catch(() => undefined)
    return () => controller.abort()
  }, [api, cartId])
  if (products.length === 0) return null
  const list = { id: 'cart:recommendations', name: t('cart.recommendations') }
  return (
    <section className="product-section" aria-labelledby="recommendations-heading">
      <h2 id="recommendations-heading">{t('cart.recommendations')}</h2>
      <ul className="product-grid product-grid--related">
        {products.map((summary, index) => (
          <li key={summary.productId}>
            <ProductCard summary={summary} list={list} index={index} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  )
}
