// A line of the cart page: picture, name, variant, unit price, discounts and free products, the stock notice, the
// quantity (stepper and field), the line total, remove, the names of scan samples; and what the server refused of it,
// under it, with the typed quantity or sample name kept in its field.
import { useId, useRef, useState } from 'react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { MAX_QUANTITY } from '../../domain/cart-constants.ts'
import { isSampleProduct, SAMPLE_NAME_MAX, unitAmount } from '../../domain/cart-constants.ts'
import type { CartItem } from '../../domain/cart-mutations.ts'
import { formatMoney } from '../../domain/locale.ts'
import { ProductImage } from '../catalogue/product-image.tsx'
import { variantLabel } from '../catalogue/variant-text.ts'
import type { CartView } from '../../browser/cart-store.ts'
import { useRootData } from '../root/use-root-data.ts'
import { itemOfLine, trackRemoveFromCart } from '../tracking/ecommerce.ts'
import { Price } from '../ui/price.tsx'
import { useCart } from './cart-state.ts'
import type { CartTotals } from './cart-totals.ts'
import { sampleKey, type PlacedRefusals, type RefusalOf } from './refusal.ts'
import { LineRefusal, RefusalMessage } from './refusals.tsx'

export function CartLineItem({
  item,
  view,
  totals,
  refusals,
}: {
  item: CartItem
  view: CartView
  totals: CartTotals
  refusals: PlacedRefusals
}) {
  const { t } = useTranslation()
  const { locale, currency } = useRootData()
  const { change } = useCart()
  const refusalId = useId()
  const quantityRef = useRef<HTMLInputElement>(null)
  const product = totals.products.get(item.productVariantId)
  const variant = product?.variants.find((v) => v.productVariantId === item.productVariantId)
  const line = totals.calculation?.products.find((l) => l.productVariantId === item.productVariantId)
  // Words and price also from the server's last answer, for a line the device's catalogue does not hold (yet).
  const known = line ?? view.calculation?.products.find((l) => l.productVariantId === item.productVariantId)
  const name = known?.description ?? product?.name ?? ''
  const label = known?.productLabel ?? (variant ? variantLabel(t, variant, locale.language) : '')
  const unitPrice = variant?.price ?? (known ? unitAmount(known) : null)
  const notice = noticeFor(t, view, item, variant?.stock)
  const refusal = refusals.lines.get(item.productVariantId)
  const setQuantity = (quantity: number) =>
    void change({ type: 'setQuantity', productVariantId: item.productVariantId, quantity })
  const remove = () => {
    if (line) trackRemoveFromCart(itemOfLine(line, product), currency)
    void change({ type: 'remove', productVariantId: item.productVariantId })
  }
  return (
    <li className="cart-line">
      {/* The picture's place is kept while the device's catalogue is still being read: the line does not move. */}
      {product ? (
        <Link to={variant?.path ?? product.path} className="cart-line__image" tabIndex={-1} aria-hidden="true">
          <ProductImage name={product.image.name} alt="" sizes="6rem" />
        </Link>
      ) : (
        <span className="cart-line__image" aria-hidden="true">
          <span className="product-image" />
        </span>
      )}
      {/* Name, package and unit price keep their lines while still unknown (a non-breaking space): nothing below moves
          when they come in from the device's catalogue. */}
      <div className="cart-line__body">
        <h2 className="cart-line__name">
          {product ? <Link to={variant?.path ?? product.path}>{name}</Link> : name || '\u00a0'}
        </h2>
        <p className="cart-line__variant">{label || '\u00a0'}</p>
        <p className="cart-line__unit">
          {unitPrice === null
            ? '\u00a0'
            : t('cart.line.unitPrice', {
                price: formatMoney(unitPrice, totals.calculation?.currency ?? currency, locale.language),
              })}
        </p>
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
        {notice && !refusal && (
          <p className="cart-line__notice" role="alert">
            {notice}
          </p>
        )}
        {product && isSampleProduct(product.productType) && <SampleNames item={item} name={name} refusals={refusals} />}
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
        <QuantityInput
          item={item}
          name={name}
          onChange={setQuantity}
          inputRef={quantityRef}
          refused={refusal?.entry.mutation.type === 'setQuantity' ? refusal : undefined}
          describedBy={refusal ? refusalId : undefined}
        />
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
      {refusal && (
        <div className="cart-line__refusal">
          <LineRefusal
            id={refusalId}
            item={item}
            name={name}
            refusal={refusal}
            done={() => quantityRef.current?.focus()}
          />
        </div>
      )}
    </li>
  )
}

/**
 * A typed quantity goes in when the field is left or Enter is pressed, not on every key. A quantity the server refused
 * stays in the field as typed, marked, until the shopper types another (a new change) or keeps the line as it was.
 */
function QuantityInput({
  item,
  name,
  onChange,
  inputRef,
  refused,
  describedBy,
}: {
  item: CartItem
  name: string
  onChange: (n: number) => void
  inputRef: React.Ref<HTMLInputElement>
  refused: RefusalOf | undefined
  describedBy: string | undefined
}) {
  const { t } = useTranslation()
  const { dismiss } = useCart()
  const shown = refused?.entry.mutation.type === 'setQuantity' ? refused.entry.mutation.quantity : item.count
  // What is being typed; otherwise the field shows the line's quantity (or the refused one).
  const [draft, setDraft] = useState<string | null>(null)
  const text = draft ?? String(shown)
  const commit = () => {
    setDraft(null)
    const next = Math.trunc(Number(text))
    if (!Number.isFinite(next) || next < 1 || next > MAX_QUANTITY || next === shown) return
    if (next !== item.count) onChange(next)
    // Back to the quantity the line has: the shopper keeps it, and the refusal has been read.
    else if (refused) void dismiss(refused.ids)
  }
  return (
    <input
      ref={inputRef}
      type="number"
      inputMode="numeric"
      min={1}
      max={MAX_QUANTITY}
      aria-label={t('cart.line.quantity', { name })}
      aria-invalid={refused ? true : undefined}
      aria-describedby={describedBy}
      value={text}
      onChange={(event) => setDraft(event.currentTarget.value)}
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

/**
 * Each sample of a roughage scan gets a name (checkout waits for every one), saved as the shopper leaves the field. A name the server refused
 * stays in its field as typed, with the reason under it.
 */
function SampleNames({ item, name, refusals }: { item: CartItem; name: string; refusals: PlacedRefusals }) {
  const { t } = useTranslation()
  const { change } = useCart()
  const id = useId()
  return (
    <fieldset className="cart-line__samples">
      <legend>{t('cart.line.samples')}</legend>
      {item.rqsSamples.map((sample) => {
        const refusal = refusals.samples.get(sampleKey(item.productVariantId, sample.sequence))
        const typed = refusal?.entry.mutation.type === 'setSampleName' ? refusal.entry.mutation.sampleName : null
        const label = t('cart.line.sampleName', { sequence: String(sample.sequence) })
        return (
          <label key={sample.sequence}>
            {label}
            <input
              type="text"
              maxLength={SAMPLE_NAME_MAX}
              defaultValue={typed ?? sample.sampleName}
              aria-label={`${label} – ${name}`}
              aria-invalid={refusal ? true : undefined}
              aria-describedby={refusal ? `${id}-${sample.sequence}` : undefined}
              onBlur={(event) => {
                const sampleName = event.currentTarget.value.trim()
                if (sampleName !== (typed ?? sample.sampleName))
                  void change({
                    type: 'setSampleName',
                    productVariantId: item.productVariantId,
                    sequence: sample.sequence,
                    sampleName,
                  })
              }}
            />
            {refusal && <RefusalMessage id={`${id}-${sample.sequence}`} refusal={refusal} dismissible />}
          </label>
        )
      })}
    </fieldset>
  )
}
