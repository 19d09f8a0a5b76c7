// "In winkelwagen" on a product page: the change shows in the cart at once and goes to the server when it
// can; more than the stock the device knows of is refused here already ("only {amount} in stock"), the rest
// is the server's to check, and should it refuse, its reason replaces "added" here (and shows in the cart).
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { MAX_QUANTITY } from '../../domain/cart-constants.ts'
import type { CatalogueProduct, ProductVariant } from '../../domain/product.ts'
import { isOrderable } from '../../domain/product-rules.ts'
import { useHydrated } from '../catalogue/use-hydrated.ts'
import { useRootData } from '../root/use-root-data.ts'
import { trackAddToCart } from '../tracking/ecommerce.ts'
import { useCartPath } from './cart-path.ts'
import { useCart } from './cart-state.ts'
import { reasonOf } from './refusal.ts'

type Message = { kind: 'added' | 'refused'; text: string }

export function AddToCart({ product, variant }: { product: CatalogueProduct; variant: ProductVariant }) {
  const { t } = useTranslation()
  const { currency } = useRootData()
  const { view, change } = useCart()
  const hydrated = useHydrated()
  const cartPath = useCartPath()
  const id = useId()
  const [quantity, setQuantity] = useState(1)
  const [message, setMessage] = useState<Message | null>(null)
  /** The last addition sent from here, to tell its refusal should the server give one. */
  const [sent, setSent] = useState<string | null>(null)
  if (!isOrderable(product, variant)) return null
  const refused = sent ? view?.refused.find((entry) => entry.id === sent)?.error : undefined
  const shown: Message | null = refused ? { kind: 'refused', text: reasonOf(t, refused) } : message

  const inCart = view?.contents.products.find((p) => p.productVariantId === variant.productVariantId)?.count ?? 0
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setSent(null)
    if (inCart + quantity > variant.stock) {
      setMessage({ kind: 'refused', text: t('messages.stockWarning', { amount: String(variant.stock) }) })
      return
    }
    try {
      const entry = await change({
        type: 'add',
        productId: product.productId,
        productVariantId: variant.productVariantId,
        quantity,
      })
      setSent(entry.id)
      trackAddToCart(product, variant.productVariantId, quantity, currency)
      setMessage({ kind: 'added', text: t('messages.addedToCart') })
    } catch {
      setMessage({ kind: 'refused', text: t('messages.addToCartFailed') })
    }
  }

  return (
    <form className="add-to-cart" onSubmit={(event) => void submit(event)}>
      <label htmlFor={`${id}-quantity`}>{t('cart.add.quantity')}</label>
      <input
        id={`${id}-quantity`}
        type="number"
        inputMode="numeric"
        min={1}
        max={Math.min(MAX_QUANTITY, Math.max(1, variant.stock))}
        value={quantity}
        onChange={(event) => {
          const next = Math.trunc(Number(event.currentTarget.value))
          setQuantity(Number.isFinite(next) ? Math.min(MAX_QUANTITY, Math.max(1, next)) : 1)
          setMessage(null)
          setSent(null)
        }}
      />
      <button type="submit" className="button" disabled={!hydrated}>
        {t('cart.add.button')}
      </button>
      {shown && (
        <p
          className={`add-to-cart__message add-to-cart__message--${shown.kind}`}
          role={shown.kind === 'added' ? 'status' : 'alert'}
        >
          {shown.text} {(shown.kind === 'added' || refused) && <Link to={cartPath}>{t('cart.add.viewCart')}</Link>}
        </p>
      )}
    </form>
  )
}
