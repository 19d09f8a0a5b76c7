// The cart's changes in words: those waiting to be sent (not sent yet, or the network failed: they go by themselves,
// or now with "Opnieuw proberen"), and the refusals that have no line, field or choice on the page to be shown by.
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import type { CartMutation } from '../../domain/cart-mutations.ts'
import type { CartView } from '../../browser/cart-store.ts'
import { useCart } from './cart-state.ts'
import type { CartTotals } from './cart-totals.ts'
import { reasonOf, type RefusalOf } from './refusal.ts'

/** A product's name as the cart knows it: the server's line, else the device's catalogue. */
export function nameIn(view: CartView, totals: CartTotals) {
  return (productVariantId: number) =>
    totals.calculation?.products.find((l) => l.productVariantId === productVariantId)?.description ??
    view.calculation?.products.find((l) => l.productVariantId === productVariantId)?.description ??
    totals.products.get(productVariantId)?.name ??
    `#${productVariantId}`
}

/** A change, in words. */
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

/**
 * Changes waiting for the server once a try to send them failed: being sent again, or waiting for a connection, with a
 * way to try now. (Changes that simply go through are not listed: see cartStuckAtom.)
 */
export function PendingChanges({ view, totals }: { view: CartView; totals: CartTotals }) {
  const { t } = useTranslation()
  const { sending, limited, stuck, sendNow } = useCart()
  if (view.queued.length === 0 || !stuck) return null
  const nameOf = nameIn(view, totals)
  return (
    <section className="pending-changes" aria-labelledby="pending-heading">
      <h2 id="pending-heading">{t('cart.pending.title')}</h2>
      <ul>
        {view.queued.map((change) => (
          <li key={change.id} className="pending-change">
            <span className="pending-change__what">{describe(t, change.mutation, nameOf)}</span>{' '}
            <span className="pending-change__state">
              {sending === 'sending'
                ? t('cart.pending.sending')
                : limited !== null
                  ? t('cart.pending.held')
                  : t('cart.pending.waiting')}
            </span>
          </li>
        ))}
      </ul>
      {sending === 'offline' && limited !== null && (
        <p className="form-error" role="status">
          {t('errors.rateLimited', { minutes: limited })}
        </p>
      )}
      {sending === 'offline' && (
        <button type="button" className="button button--small" onClick={sendNow}>
          {t('cart.pending.retry')}
        </button>
      )}
    </section>
  )
}

/** Refusals with no place of their own on the page (a payment method, a line since gone, an unreadable change). */
export function OtherRefusals({
  refusals,
  view,
  totals,
}: {
  refusals: RefusalOf[]
  view: CartView
  totals: CartTotals
}) {
  const { t } = useTranslation()
  const { dismiss } = useCart()
  if (refusals.length === 0) return null
  const nameOf = nameIn(view, totals)
  return (
    <section className="cart-refusals" aria-labelledby="refusals-heading">
      <h2 id="refusals-heading">{t('cart.refusal.title')}</h2>
      <ul>
        {refusals.map(({ entry, ids }) => (
          <li key={entry.id} role="alert">
            {entry.error?.code === 'unreadable' ? (
              t('cart.pending.unreadable')
            ) : (
              <>
                {describe(t, entry.mutation, nameOf)}: <strong>{entry.error && reasonOf(t, entry.error)}</strong>
              </>
            )}{' '}
            <button type="button" className="button button--small button--secondary" onClick={() => void dismiss(ids)}>
              {t('cart.pending.discard')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
