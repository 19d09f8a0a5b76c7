// The cart page (SPEC §2 "Cart at /cart/", issue #5). The cart lives on the device, so the page fills in after
// start-up: the lines with their changes waiting for the server applied, what the server refused (with its reason,
// for the shopper to retry or remove), what changed since the shopper last saw it, the discount code, the delivery,
// the costs (the server's, or provisional ones worked out on the device), the cart's USPs, recommendations and the
// checkout button (SPEC §4: at least one product; SPEC §5: every hay sample named).
import { useEffect, useRef, useState } from 'react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { UspCollection } from '../../domain/content.ts'
import type { ProductSummary } from '../../domain/catalogue-api.ts'
import { MAX_QUANTITY } from '../../domain/cart-constants.ts'
import { isSampleProduct, SAMPLE_NAME_MAX, type CartItem, type CartMutation } from '../../domain/cart-mutations.ts'
import { homePath, localPath } from '../../domain/catalogue-paths.ts'
import { formatMoney } from '../../domain/locale.ts'
import { unitAmount, type CartLine } from '../../domain/cart.ts'
import { ProductCard } from '../catalogue/product-card.tsx'
import { useHydrated } from '../catalogue/use-hydrated.ts'
import { ProductImage } from '../catalogue/parts.tsx'
import { variantLabel } from '../catalogue/product-specs.tsx'
import { PageHead } from '../content/page-head.tsx'
import type { CartView, OutboxEntry } from '../data/cart-store.ts'
import { UspBar } from '../frame/header.tsx'
import { PageHeading } from '../navigation/page-heading.tsx'
import { useRootData } from '../root/use-root-data.ts'
import { useServices } from '../services.tsx'
import { itemOfLine, trackBeginCheckout, trackRemoveFromCart, trackViewCart } from '../tracking/ecommerce.ts'
import { Price } from '../ui/price.tsx'
import { useCart } from './cart-state.ts'
import { useCartTotals, type CartTotals } from './cart-totals.ts'
import { DiscountCode } from './discount-code.tsx'
import { reasonOf } from './refusal.ts'
import { Delivery, CostOverview } from './cart-summary.tsx'

export function Component() {
  const { t } = useTranslation()
  const { site, language, currency } = useRootData()
  const { view, sending } = useCart()
  const totals = useCartTotals(view)
  const hydrated = useHydrated()
  useViewCartEvent(view, totals, currency)
  const lines = view?.contents.products ?? []
  return (
    <article className="cart-page" data-hydrated={hydrated || undefined}>
      <PageHead title={`${t('cart.title')} | ${site.brandName}`} noIndex />
      <PageHeading>{t('cart.title')}</PageHeading>
      {view === null ? (
        <p role="status">{t('cart.loading')}</p>
      ) : (
        <>
          {sending === 'offline' && view.queued.length > 0 && (
            <p className="cart-page__offline" role="status">
              {t('cart.status.offline')}
            </p>
          )}
          <Differences view={view} />
          <PendingChanges view={view} totals={totals} />
          {lines.length === 0 ? (
            <div className="cart-page__empty">
              <p>{t('cart.empty')}</p>
              <Link className="button" to={homePath(language.pathPrefix)}>
                {t('cart.continueShopping')}
              </Link>
            </div>
          ) : (
            <div className="cart-page__layout">
              <ul className="cart-lines" aria-label={t('cart.title')}>
                {lines.map((item) => (
                  <CartLineItem key={item.productVariantId} item={item} view={view} totals={totals} />
                ))}
              </ul>
              <aside className="cart-summary" aria-label={t('cart.summary.title')}>
                <DiscountCode view={view} totals={totals} />
                <Delivery view={view} totals={totals} />
                <CostOverview view={view} totals={totals} />
                <CheckoutButton view={view} totals={totals} />
              </aside>
            </div>
          )}
          <CartUsps />
          {lines.length > 0 && <Recommendations cartId={view.cartId} />}
        </>
      )}
    </article>
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

function CartLineItem({ item, view, totals }: { item: CartItem; view: CartView; totals: CartTotals }) {
  const { t } = useTranslation()
  const { locale, currency } = useRootData()
  const { change } = useCart()
  const product = totals.products.get(item.productVariantId)
  const variant = product?.variants.find((v) => v.productVariantId === item.productVariantId)
  const line = totals.calculation?.products.find((l) => l.productVariantId === item.productVariantId)
  // Words and price also from the server's last answer, for a line the device's catalogue does not hold (yet).
  const known = line ?? view.calculation?.products.find((l) => l.productVariantId === item.productVariantId)
  const name = known?.description ?? product?.name ?? ''
  const label = known?.productLabel ?? (variant ? variantLabel(t, variant, locale.language) : '')
  const unitPrice = variant?.price ?? (known ? unitAmount(known) : null)
  const notice = noticeFor(t, view, item, variant?.stock)
  const setQuantity = (quantity: number) =>
    void change({ type: 'setQuantity', productVariantId: item.productVariantId, quantity })
  const remove = () => {
    if (line) trackRemoveFromCart(itemOfLine(line, product), currency)
    void change({ type: 'remove', productVariantId: item.productVariantId })
  }
  return (
    <li className="cart-line">
      {product && (
        <Link to={variant?.path ?? product.path} className="cart-line__image" tabIndex={-1} aria-hidden="true">
          <ProductImage name={product.image.name} alt="" sizes="6rem" />
        </Link>
      )}
      <div className="cart-line__body">
        <h2 className="cart-line__name">{product ? <Link to={variant?.path ?? product.path}>{name}</Link> : name}</h2>
        <p className="cart-line__variant">{label}</p>
        {unitPrice !== null && (
          <p className="cart-line__unit">
            {t('cart.line.unitPrice', {
              price: formatMoney(unitPrice, totals.calculation?.currency ?? currency, locale.language),
            })}
          </p>
        )}
        {line?.productDiscounts.map((discount) => (
          <p key={discount.promotionKey} className="cart-line__discount">
            {discount.description}: −<Price cents={discount.amount} currency={totals.calculation?.currency} />
          </p>
        ))}
        {line?.freeProducts.map((free) => (
          <p key={free.promotionText} className="cart-line__free">
            {t('cart.line.free', { count: String(free.quantity), promotion: free.promotionText })}
          </p>
        ))}
        {notice && (
          <p className="cart-line__notice" role="alert">
            {notice}
          </p>
        )}
        {product && isSampleProduct(product.productType) && <SampleNames item={item} name={name} />}
      </div>
      <div className="cart-line__quantity">
        <button
          type="button"
          className="stepper"
          aria-label={t('cart.line.decrease', { name })}
          disabled={item.count <= 1}
          onClick={() => setQuantity(item.count - 1)}
        >
          −
        </button>
        <QuantityInput item={item} name={name} onChange={setQuantity} />
        <button
          type="button"
          className="stepper"
          aria-label={t('cart.line.increase', { name })}
          onClick={() => setQuantity(item.count + 1)}
        >
          +
        </button>
      </div>
      <p className="cart-line__total">
        {line && <Price cents={line.totalAmount} currency={totals.calculation?.currency} />}
      </p>
      <button
        type="button"
        className="button button--small button--secondary cart-line__remove"
        aria-label={t('cart.line.removeNamed', { name })}
        onClick={remove}
      >
        {t('cart.line.remove')}
      </button>
    </li>
  )
}

/** A typed quantity goes in when the field is left or Enter is pressed, not on every key. */
function QuantityInput({ item, name, onChange }: { item: CartItem; name: string; onChange: (n: number) => void }) {
  const { t } = useTranslation()
  const [text, setText] = useState(String(item.count))
  useEffect(() => setText(String(item.count)), [item.count])
  const commit = () => {
    const next = Math.trunc(Number(text))
    if (Number.isFinite(next) && next >= 1 && next <= MAX_QUANTITY && next !== item.count) onChange(next)
    else setText(String(item.count))
  }
  return (
    <input
      type="number"
      inputMode="numeric"
      min={1}
      max={MAX_QUANTITY}
      aria-label={t('cart.line.quantity', { name })}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit()
      }}
    />
  )
}

/** What the server (or, offline, the device's stock) says about a line. */
function noticeFor(t: TFunction, view: CartView, item: CartItem, localStock: number | undefined): string | null {
  const notice = view.notices.find((n) => n.productVariantId === item.productVariantId)
  if (notice?.kind === 'onlyInStock') return t('messages.stockWarning', { amount: String(notice.amount ?? 0) })
  if (notice?.kind === 'outOfStock') return t('errors.outOfStock')
  if (notice?.kind === 'notAvailable') return t('errors.productNotAvailable')
  if (notice?.kind === 'withdrawn') return t('errors.variantNotSold')
  if (localStock !== undefined && item.count > localStock)
    return localStock === 0 ? t('errors.outOfStock') : t('messages.stockWarning', { amount: String(localStock) })
  return null
}

/** SPEC §5: each sample of a roughage scan gets a name, saved as the shopper leaves the field. */
function SampleNames({ item, name }: { item: CartItem; name: string }) {
  const { t } = useTranslation()
  const { change } = useCart()
  return (
    <fieldset className="cart-line__samples">
      <legend>{t('cart.line.samples')}</legend>
      {item.rqsSamples.map((sample) => (
        <label key={sample.sequence}>
          {t('cart.line.sampleName', { sequence: String(sample.sequence) })}
          <input
            type="text"
            maxLength={SAMPLE_NAME_MAX}
            defaultValue={sample.sampleName}
            aria-label={`${t('cart.line.sampleName', { sequence: String(sample.sequence) })} – ${name}`}
            onBlur={(event) => {
              const sampleName = event.currentTarget.value.trim()
              if (sampleName !== sample.sampleName)
                void change({
                  type: 'setSampleName',
                  productVariantId: item.productVariantId,
                  sequence: sample.sequence,
                  sampleName,
                })
            }}
          />
        </label>
      ))}
    </fieldset>
  )
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

/** A waiting or refused change, in words. */
function describe(t: TFunction, mutation: CartMutation, nameOf: (productVariantId: number) => string): string {
  switch (mutation.type) {
    case 'add':
      return t('cart.change.add', { quantity: String(mutation.quantity), name: nameOf(mutation.productVariantId) })
    case 'setQuantity':
      return t('cart.change.setQuantity', {
        quantity: String(mutation.quantity),
        name: nameOf(mutation.productVariantId),
      })
    case 'remove':
      return t('cart.change.remove', { name: nameOf(mutation.productVariantId) })
    case 'removeSample':
      return t('cart.change.removeSample', {
        sequence: String(mutation.sequence),
        name: nameOf(mutation.productVariantId),
      })
    case 'setSampleName':
      return t('cart.change.setSampleName', {
        sequence: String(mutation.sequence),
        name: nameOf(mutation.productVariantId),
      })
    case 'setDiscountCode':
      return t('cart.change.setDiscountCode', { code: mutation.code })
    case 'removeDiscountCode':
      return t('cart.change.removeDiscountCode')
    case 'setShippingMethod':
      return t('cart.change.setShippingMethod')
    case 'setPaymentMethod':
      return t('cart.change.setPaymentMethod')
  }
}

/** Changes waiting for the server, and those it refused, with what the shopper can do about them. */
function PendingChanges({ view, totals }: { view: CartView; totals: CartTotals }) {
  const { t } = useTranslation()
  const { sending, retry, discard } = useCart()
  if (view.queued.length === 0 && view.refused.length === 0) return null
  const nameOf = (productVariantId: number) =>
    totals.calculation?.products.find((l) => l.productVariantId === productVariantId)?.description ??
    view.calculation?.products.find((l) => l.productVariantId === productVariantId)?.description ??
    totals.products.get(productVariantId)?.name ??
    `#${productVariantId}`
  const entry = (change: OutboxEntry, refused: boolean) => (
    <li key={change.id} className={refused ? 'pending-change pending-change--refused' : 'pending-change'}>
      <span className="pending-change__what">
        {change.error?.code === 'unreadable' ? t('cart.pending.unreadable') : describe(t, change.mutation, nameOf)}
      </span>{' '}
      {refused ? (
        <>
          <span className="pending-change__state">
            {t('cart.pending.refused')}
            {change.error && change.error.code !== 'unreadable' && `: ${reasonOf(t, change.error)}`}
          </span>{' '}
          {change.error?.code !== 'unreadable' && (
            <button type="button" className="button button--small" onClick={() => void retry(change.id)}>
              {t('cart.pending.retry')}
            </button>
          )}{' '}
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={() => void discard(change.id)}
          >
            {t('cart.pending.discard')}
          </button>
        </>
      ) : (
        <span className="pending-change__state">
          {sending === 'sending' ? t('cart.pending.sending') : t('cart.pending.waiting')}
        </span>
      )}
    </li>
  )
  return (
    <section className="pending-changes" aria-labelledby="pending-heading">
      <h2 id="pending-heading">{t('cart.pending.title')}</h2>
      <ul>
        {view.refused.map((change) => entry(change, true))}
        {view.queued.map((change) => entry(change, false))}
      </ul>
    </section>
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
