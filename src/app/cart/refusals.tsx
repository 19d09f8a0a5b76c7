// The server's refusals where the shopper meets them (refusal.ts places them): by the line whose quantity it refused,
// with what to do and the ways on, and as a line of its own for a product that could not be added.
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { CartItem } from '../../domain/cart-mutations.ts'
import type { CartView } from '../../browser/cart-store.ts'
import { useCart } from './cart-state.ts'
import type { CartTotals } from './cart-totals.ts'
import { nameIn } from './change-list.tsx'
import { reasonOf, stockOf, type PlacedRefusals, type RefusalOf } from './refusal.ts'

/**
 * Why (the server's words), what to do, and the buttons to do it; read out when it appears. `dismissible` adds
 * "Begrepen", which lets the refusal go.
 */
export function RefusalMessage({
  id,
  refusal,
  lead,
  hint,
  dismissible,
  children,
}: {
  id?: string
  refusal: RefusalOf
  lead?: string | null
  hint?: string | null
  dismissible?: boolean
  children?: ReactNode
}) {
  const { t } = useTranslation()
  const { dismiss } = useCart()
  return (
    <div className="refusal" role="alert" id={id}>
      {lead && <p>{lead}</p>}
      <p className="refusal__reason">{refusal.entry.error ? reasonOf(t, refusal.entry.error) : null}</p>
      {hint && <p>{hint}</p>}
      {(children || dismissible) && (
        <div className="refusal__actions">
          {children}
          {dismissible && (
            <button
              type="button"
              className="button button--small button--secondary"
              onClick={() => void dismiss(refusal.ids)}
            >
              {t('cart.refusal.dismiss')}
            </button>
          )}
        </div>
      )}
    </div>
  )
}

/**
 * A refused quantity, addition or removal of a line, under it. The quantity field keeps what was typed (see
 * QuantityInput); here: the stock there is, and setting the quantity to it, or keeping the line as it is.
 * `done` runs after a button's change, to put the focus back in the line (the message goes with the change).
 */
export function LineRefusal({
  id,
  item,
  name,
  refusal,
  done,
}: {
  id: string
  item: CartItem
  name: string
  refusal: RefusalOf
  done: () => void
}) {
  const { t } = useTranslation()
  const { change, dismiss } = useCart()
  const { mutation, error } = refusal.entry
  const stock = stockOf(error)
  const then = (action: () => Promise<unknown>) => () => void action().then(done)
  const lead =
    mutation.type === 'add' ? t('cart.refusal.notAdded', { quantity: String(mutation.quantity), name }) : null
  const hint =
    stock !== null && stock > 0
      ? t('cart.refusal.maxQuantity', { amount: String(stock) })
      : mutation.type === 'setQuantity'
        ? t('cart.refusal.keepOrRemove')
        : null
  return (
    <RefusalMessage id={id} refusal={refusal} lead={lead} hint={hint}>
      {stock !== null && stock > 0 && stock !== item.count && (
        <button
          type="button"
          className="button button--small"
          onClick={then(() =>
            change({ type: 'setQuantity', productVariantId: item.productVariantId, quantity: stock }),
          )}
        >
          {t('cart.refusal.setTo', { quantity: String(stock) })}
        </button>
      )}
      <button
        type="button"
        className="button button--small button--secondary"
        onClick={then(() => dismiss(refusal.ids))}
      >
        {mutation.type === 'setQuantity'
          ? t('cart.refusal.keep', { quantity: String(item.count) })
          : t('cart.refusal.dismiss')}
      </button>
    </RefusalMessage>
  )
}

/** An addition the server refused, of a product the cart does not have: where its line would have been. */
export function RefusedAddition({ refusal, name }: { refusal: RefusalOf; name: string }) {
  const { t } = useTranslation()
  const { change } = useCart()
  const { mutation, error } = refusal.entry
  if (mutation.type !== 'add') return null
  const stock = stockOf(error)
  return (
    <li className="cart-line cart-line--refused">
      <div className="cart-line__body">
        <h2 className="cart-line__name">{name}</h2>
      </div>
      <RefusalMessage
        refusal={refusal}
        lead={t('cart.refusal.notAdded', { quantity: String(mutation.quantity), name })}
        hint={stock ? t('cart.refusal.maxQuantity', { amount: String(stock) }) : t('cart.refusal.tryLater')}
        dismissible
      >
        {stock ? (
          <button
            type="button"
            className="button button--small"
            onClick={() => void change({ ...mutation, quantity: stock })}
          >
            {t('cart.refusal.addAvailable', { quantity: String(stock) })}
          </button>
        ) : null}
      </RefusalMessage>
    </li>
  )
}

/** Additions the server refused of products the cart does not have: each where its line would have been. */
export function RefusedAdditions({
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
