// The shop's gift card on the payment step: a row like a method's that opens a card number and pin, checked by the
// server at once (POST …/giftcard: never queued, the answer is the point) and kept on the cart. The card pays its
// balance, at most the total; what it leaves is paid by a method chosen below. A refusal never tells a wrong number
// from a wrong pin or an empty card (the server answers one code for all), and checks are rate-limited per card.
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { GiftCardCheck } from '../../domain/cart.ts'
import { formatMoney } from '../../domain/locale.ts'
import { retryAfterMinutes } from '../../browser/transport.ts'
import { translateWith } from '../i18n/translate-with.ts'
import { useRootData } from '../root/use-root-data.ts'
import { useServices } from '../services.tsx'
import { errorBodyOf, errorMessage } from './checkout-errors.ts'
import { Field } from './form-field.tsx'

/** What a card pays of a total now: its balance, at most the total (the server takes the same when placing). */
export const giftCardPart = (card: GiftCardCheck | null, total: number): number =>
  card === null ? 0 : Math.min(card.balance, total)

export function GiftCard({
  cartId,
  card,
  total,
  name,
  onChange,
}: {
  cartId: string
  card: GiftCardCheck | null
  /** The cart's total, before the card. */
  total: number
  /** The method's name on this site ("Cadeaukaart"). */
  name: string
  onChange: (card: GiftCardCheck | null) => void
}) {
  const { t } = useTranslation()
  const { api } = useServices()
  const { locale } = useRootData()
  const [open, setOpen] = useState(false)
  const [number, setNumber] = useState('')
  const [pin, setPin] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const check = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    if (!number.trim() || !pin.trim()) return setError(t('checkout.payment.giftCard.required'))
    setBusy(true)
    setError(null)
    try {
      onChange(await api.addGiftCard(cartId, number, pin))
      setNumber('')
      setPin('')
    } catch (failure) {
      setError(
        retryAfterMinutes(failure) === null && errorBodyOf(failure)?.code === 'giftCardInvalid'
          ? translateWith(t)('validation.giftCardInvalid', {})
          : errorMessage(t, failure),
      )
    } finally {
      setBusy(false)
    }
  }

  const remove = async () => {
    setBusy(true)
    setError(null)
    try {
      await api.removeGiftCard(cartId)
      onChange(null)
      setOpen(false)
    } catch (failure) {
      setError(errorMessage(t, failure))
    } finally {
      setBusy(false)
    }
  }

  const money = (cents: number) => formatMoney(cents, card?.currency ?? 'EUR', locale.language)
  const part = giftCardPart(card, total)
  const errorText = error && (
    <p id="gift-card-error" className="field__error" role="alert">
      {error}
    </p>
  )

  if (card)
    return (
      <div className="gift-card" data-testid="gift-card">
        <p className="gift-card__title">
          {name} {card.giftCardNumber}
        </p>
        {/* A card that pays everything is told below the methods (paysAll), not as "€ 0,00 left to pay". */}
        {total > part && (
          <p role="status">{t('checkout.payment.giftCard.pays', { amount: money(part), left: money(total - part) })}</p>
        )}
        {card.balance > part && (
          <p className="gift-card__note">
            {t('checkout.payment.giftCard.balanceLeft', { amount: money(card.balance - part) })}
          </p>
        )}
        <button type="button" className="button button--secondary" disabled={busy} onClick={() => void remove()}>
          {t('checkout.payment.giftCard.remove')}
        </button>
        {errorText}
      </div>
    )

  return (
    <div className="gift-card">
      <label className="payment-methods__option">
        <input type="checkbox" checked={open} onChange={(event) => setOpen(event.target.checked)} />
        <span className="payment-methods__name">{name}</span>
        <span className="payment-methods__cost">{t('checkout.payment.giftCard.hint')}</span>
      </label>
      {open && (
        <form className="gift-card__form" onSubmit={(event) => void check(event)} noValidate>
          {/* One message for both fields: the shop does not say which of number and pin is wrong. */}
          <Field
            name="gift-card-number"
            label={t('checkout.payment.giftCard.number')}
            value={number}
            onChange={setNumber}
            inputMode="numeric"
            autoComplete="off"
            maxLength={40}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'gift-card-error' : undefined}
          />
          <Field
            name="gift-card-pin"
            label={t('checkout.payment.giftCard.pin')}
            value={pin}
            onChange={setPin}
            inputMode="numeric"
            autoComplete="off"
            maxLength={16}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'gift-card-error' : undefined}
          />
          {errorText}
          <button type="submit" className="button button--secondary" disabled={busy}>
            {busy ? t('checkout.payment.giftCard.checking') : t('checkout.payment.giftCard.check')}
          </button>
        </form>
      )}
    </div>
  )
}
