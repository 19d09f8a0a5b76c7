// The login step between billing and delivery (spec §2): `i=1` shows why the shopper is here (an account exists for
// the e-mail address given), `r=1` that a new password was set. Signing in arrives with the accounts; a guest always
// goes on without one.
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { nextStep } from '../../domain/checkout.ts'
import { useRootData } from '../root/use-root-data.ts'
import { CheckoutLayout } from './checkout-layout.tsx'
import { checkoutPath, useCheckout, useGate } from './checkout-state.ts'

export function Component() {
  const { t } = useTranslation()
  const [query] = useSearchParams()
  const { language } = useRootData()
  const { state } = useCheckout()
  const allowed = useGate('login', state)
  const cart = state.status === 'ready' ? state.cart : null
  return (
    <CheckoutLayout step="login" state={state} title={t('checkout.login.title')}>
      {query.get('i') === '1' && <p className="checkout-notice">{t('checkout.login.info')}</p>}
      {query.get('r') === '1' && (
        <p className="checkout-notice" role="status">
          {t('checkout.login.resetDone')}
        </p>
      )}
      {allowed && cart && (
        <div className="checkout-form">
          <p>{t('checkout.login.guestText')}</p>
          <div className="checkout-actions">
            <Link className="button button--large" to={checkoutPath(language.pathPrefix, nextStep('login', cart))}>
              {t('checkout.login.guest')}
            </Link>
          </div>
        </div>
      )}
    </CheckoutLayout>
  )
}
