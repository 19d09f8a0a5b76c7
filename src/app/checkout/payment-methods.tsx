// The site's payment methods as one radio group, each with its costs where it has any. A method's name is the app's
// text for its code (the seeded name is the Dutch one); a method without a text yet shows the site's name for it.
// One row per method, so a method that needs more (the iDEAL bank, a gift card's number) can show it under its own
// row: `renderDetails` is that seam, used by none yet.
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { PaymentMethod } from '../../domain/site.ts'
import { Price } from '../ui/price.tsx'

export function usePaymentMethodName() {
  const { t, i18n } = useTranslation()
  return (method: PaymentMethod) => {
    const key = `checkout.paymentMethods.${method.code}`
    return i18n.exists(key) ? t(key as 'checkout.paymentMethods.ideal') : method.name
  }
}

export function PaymentMethods({
  methods,
  chosen,
  costs,
  onChoose,
  error,
  renderDetails,
}: {
  methods: readonly PaymentMethod[]
  chosen: number | null
  /** Costs in cents per method id (none: free). */
  costs: ReadonlyMap<number, number>
  onChoose: (method: PaymentMethod) => void
  /** Why the choice is needed now, shown under the group and tied to it. */
  error?: string | null
  renderDetails?: (method: PaymentMethod) => ReactNode
}) {
  const { t } = useTranslation()
  const nameOf = usePaymentMethodName()
  return (
    <fieldset className="payment-methods" aria-describedby={error ? 'payment-methods-error' : undefined}>
      <legend>{t('checkout.payment.methods')}</legend>
      <ul className="payment-methods__list">
        {methods.map((method) => {
          const cost = costs.get(method.paymentMethodId) ?? 0
          return (
            <li key={method.paymentMethodId} data-code={method.code}>
              <label className="payment-methods__option">
                <input
                  type="radio"
                  name="payment-method"
                  value={method.paymentMethodId}
                  checked={chosen === method.paymentMethodId}
                  onChange={() => onChoose(method)}
                />
                <span className="payment-methods__name">{nameOf(method)}</span>
                {cost > 0 && (
                  <span className="payment-methods__cost">
                    {t('checkout.payment.methodCosts')} <Price cents={cost} euro={false} />
                  </span>
                )}
              </label>
              {chosen === method.paymentMethodId && renderDetails?.(method)}
            </li>
          )
        })}
      </ul>
      {error && (
        <p id="payment-methods-error" className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  )
}
