// The discount code field: apply, remove, and what the shop says of the code (applied, its minimum order, run out,
// or waiting for the server's check while offline). A code the server refused stays in the field as typed, with the
// reason and what to do under it, until the shopper changes it.
import { useEffect, useState, type FormEvent } from 'react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import type { CartCalculation } from '../../domain/cart-calculation.ts'
import { DISCOUNT_CODE_MAX } from '../../domain/cart-constants.ts'
import { formatMoney } from '../../domain/locale.ts'
import type { CartView } from '../../browser/cart-store.ts'
import { useRootData } from '../root/use-root-data.ts'
import type { RefusalOf } from './refusal.ts'
import { RefusalMessage } from './refusals.tsx'
import { useCart } from './cart-state.ts'
import type { CartTotals } from './cart-totals.ts'

export function DiscountCode({
  view,
  totals,
  refusal,
}: {
  view: CartView
  totals: CartTotals
  refusal: RefusalOf | null
}) {
  const { t } = useTranslation()
  const { currency, locale } = useRootData()
  const { change, dismiss } = useCart()
  const refusedCode = refusal?.entry.mutation.type === 'setDiscountCode' ? refusal.entry.mutation.code : null
  const [text, setText] = useState(refusedCode ?? '')
  const [invalid, setInvalid] = useState(false)
  const code = view.contents.discountCode
  // A refusal that arrives later (the page was left, or the answer came after a reload) brings its code back too.
  useEffect(() => {
    if (refusedCode) setText(refusedCode)
  }, [refusedCode])
  const refused = refusedCode !== null && !code

  const apply = async (event: FormEvent) => {
    event.preventDefault()
    // The schema (and zod) load with the first code sent, not with the cart page.
    const { DiscountCodeSchema } = await import('../../domain/cart-mutations.ts')
    const parsed = DiscountCodeSchema.safeParse(text)
    setInvalid(!parsed.success)
    if (!parsed.success) return
    // The field keeps the code: should the server refuse it, it is there to correct.
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
            onClick={() => {
              setText('')
              void change({ type: 'removeDiscountCode' })
            }}
          >
            {t('cart.discount.remove')}
          </button>
        </div>
      ) : (
        <form className="discount-code__form" onSubmit={(event) => void apply(event)} noValidate>
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
            aria-invalid={invalid || refused || undefined}
            aria-describedby={invalid || refused ? 'discount-code-error' : undefined}
            onChange={(event) => {
              setText(event.currentTarget.value)
              setInvalid(false)
              // The shopper is correcting the code: the refusal has been read.
              if (refusal) void dismiss(refusal.ids)
            }}
          />
          <button type="submit" className="button button--secondary">
            {t('cart.discount.apply')}
          </button>
        </form>
      )}
      {invalid ? (
        <p id="discount-code-error" className="field-error" role="alert">
          {t('errors.discountCodeUnknown')} {t('cart.refusal.checkCode')}
        </p>
      ) : refused ? (
        <RefusalMessage id="discount-code-error" refusal={refusal!} hint={t('cart.refusal.checkCode')} />
      ) : refusal ? (
        // Removing the code was refused: the code stays, and so does what the server said.
        <RefusalMessage refusal={refusal} dismissible />
      ) : null}
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
