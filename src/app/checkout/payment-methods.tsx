// The site's payment methods as one radio group, each with its costs where it has any. A method's name is the app's
// text for its code (the seeded name is the Dutch one); a method without a text yet shows the site's name for it.
// One row per method, so a method that needs more (the iDEAL bank, a gift card's number) can show it under its own
// row: `renderDetails` is that seam (iDEAL's bank: `IssuerSelect`).
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { PaymentIssuer } from '../../domain/cart.ts'
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
  legend,
  renderDetails,
}: {
  methods: readonly PaymentMethod[]
  chosen: number | null
  /** Costs in cents per method id (none: free). */
  costs: ReadonlyMap<number, number>
  onChoose: (method: PaymentMethod) => void
  /** Why the choice is needed now, shown under the group and tied to it. */
  error?: string | null
  /** The group's question, when not the plain one (a gift card paid part: "how to pay the rest"). */
  legend?: string | undefined
  renderDetails?: (method: PaymentMethod) => ReactNode
}) {
  const { t } = useTranslation()
  const nameOf = usePaymentMethodName()
  return (
    <fieldset className="payment-methods" aria-describedby={error ? 'payment-methods-error' : undefined}>
      <legend>{legend ?? t('checkout.payment.methods')}</legend>
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

/**
 * The bank to pay with (iDEAL). Choosing none is allowed: the provider's own page then asks for it (and so it does
 * when the provider could not be asked for its banks, when there is no list to choose from).
 */
export function IssuerSelect({
  issuers,
  value,
  onChange,
}: {
  issuers: readonly PaymentIssuer[]
  value: string | null
  onChange: (issuer: string | null) => void
}) {
  const { t } = useTranslation()
  if (issuers.length === 0) return null
  return (
    <div className="field payment-methods__details">
      <label htmlFor="payment-issuer">{t('checkout.payment.issuer')}</label>
      <select
        id="payment-issuer"
        name="issuer"
        autoComplete="off"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || null)}
      >
        <option value="">{t('checkout.payment.issuerChoose')}</option>
        {issuers.map((issuer) => (
          <option key={issuer.id} value={issuer.id}>
            {issuer.name}
          </option>
        ))}
      </select>
    </div>
  )
}
