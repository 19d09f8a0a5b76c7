// The discount code field: apply, remove, and what the shop says of the code (applied, its minimum order, run out,
// refused, or waiting for the server's check while offline).
import { useState, type FormEvent } from 'react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import type { CartCalculation } from '../../domain/cart-calculation.ts'
import { DISCOUNT_CODE_MAX, DiscountCodeSchema } from '../../domain/cart-mutations.ts'
import { formatMoney } from '../../domain/locale.ts'
import type { CartView } from '../data/cart-store.ts'
import { useRootData } from '../root/use-root-data.ts'
import { reasonOf } from './refusal.ts'
import { useCart } from './cart-state.ts'
import type { CartTotals } from './cart-totals.ts'

export function DiscountCode({ view, totals }: { view: CartView; totals: CartTotals }) {
  const { t } = useTranslation()
  const { currency, locale } = useRootData()
  const { change } = useCart()
  const [text, setText] = useState('')
  const [invalid, setInvalid] = useState(false)
  const code = view.contents.discountCode
  // The last code the server refused, shown here as well as in the pending changes.
  const refused = view.refused.findLast((e) => e.mutation.type === 'setDiscountCode')

  const apply = (event: FormEvent) => {
    event.preventDefault()
    const parsed = DiscountCodeSchema.safeParse(text)
    setInvalid(!parsed.success)
    if (!parsed.success) return
    setText('')
    void change({ type: 'setDiscountCode', code: parsed.data })
  }

  return (
    <section className="discount-code" aria-labelledby="discount-heading">
      <h2 id="discount-heading">{t('cart.discount.label')}</h2>
      {code ? (
        <div className="discount-code__current">
          <p role="status">
            {totals.codePending
              ? t('cart.discount.pending', { code })
              : codeStatusText(t, code, totals.calculation, (cents) => formatMoney(cents, currency, locale.language))}
          </p>
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={() => void change({ type: 'removeDiscountCode' })}
          >
            {t('cart.discount.remove')}
          </button>
        </div>
      ) : (
        <form className="discount-code__form" onSubmit={apply} noValidate>
          <label htmlFor="discount-code-input" className="visually-hidden">
            {t('cart.discount.label')}
          </label>
          <input
            id="discount-code-input"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={DISCOUNT_CODE_MAX}
            value={text}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid || refused ? 'discount-code-error' : undefined}
            onChange={(event) => {
              setText(event.currentTarget.value)
              setInvalid(false)
            }}
          />
          <button type="submit" className="button button--secondary">
            {t('cart.discount.apply')}
          </button>
        </form>
      )}
      {(invalid || (refused && !code)) && (
        <p id="discount-code-error" className="field-error" role="alert">
          {invalid ? t('errors.discountCodeUnknown') : reasonOf(t, refused!.error!)}
        </p>
      )}
    </section>
  )
}

/** What the shop says of the cart's code, from the calculation that checked it (pending until one has). */
function codeStatusText(
  t: TFunction,
  code: string,
  calculation: CartCalculation | null,
  money: (cents: number) => string,
): string {
  const checked = calculation?.discountCode?.code === code ? calculation.discountCode : null
  switch (checked?.status) {
    case 'applied':
      return t('cart.discount.applied', { code })
    case 'minimumNotMet':
      return checked.rule
        ? t('cart.discount.minimumNotMet', { code, amount: money(checked.rule.minimumOrderCents) })
        : t('cart.discount.pending', { code })
    case 'expired':
      return t('errors.discountCodeExpired')
    case 'notYetValid':
      return t('errors.discountCodeNotYetValid')
    default:
      return t('cart.discount.pending', { code })
  }
}
