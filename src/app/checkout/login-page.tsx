// The login step between billing and delivery (spec §2): sign in (e-mail, password, captcha) or go on as a guest.
// `i=1` shows why the shopper is here (an account exists for the e-mail address given), `r=1` that a new password was
// set (the checkout's own reset). A shopper who signs in, or already is, goes on to delivery.
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { localPath } from '../../domain/catalogue-paths.ts'
import { nextStep } from '../../domain/checkout.ts'
import { useAccountState } from '../account/account-state.ts'
import { SignInForm } from '../account/sign-in-form.tsx'
import '../account/account-pages.css'
import { useRootData } from '../root/use-root-data.ts'
import { CheckoutLayout } from './checkout-layout.tsx'
import { checkoutPath, useCheckout, useGate } from './checkout-state.ts'

export function Component() {
  const { t } = useTranslation()
  const [query] = useSearchParams()
  const navigate = useNavigate()
  const { language } = useRootData()
  const { state } = useCheckout()
  const account = useAccountState()
  const allowed = useGate('login', state)
  const cart = state.status === 'ready' ? state.cart : null
  const next = cart ? checkoutPath(language.pathPrefix, nextStep('login', cart)) : null
  return (
    <CheckoutLayout step="login" state={state} title={t('checkout.login.title')}>
      {query.get('i') === '1' && <p className="checkout-notice">{t('checkout.login.info')}</p>}
      {query.get('r') === '1' && (
        <p className="checkout-notice" role="status">
          {t('checkout.login.resetDone')}
        </p>
      )}
      {allowed && cart && next && (
        <div className="checkout-form">
          {account.status === 'signedIn' ? (
            <section aria-labelledby="checkout-signed-in">
              <h2 id="checkout-signed-in">{t('checkout.login.signedInTitle')}</h2>
              <p>{t('checkout.login.signedInAs', { email: account.account.emailAddress })}</p>
              <div className="checkout-actions">
                <Link className="button button--large" to={next}>
                  {t('checkout.login.continue')}
                </Link>
              </div>
            </section>
          ) : (
            <>
              <section aria-labelledby="checkout-sign-in">
                <h2 id="checkout-sign-in">{t('checkout.login.signInTitle')}</h2>
                <p>{t('checkout.login.signInText')}</p>
                <SignInForm
                  forgotPath={localPath(language.pathPrefix, 'checkout/forgot')}
                  onSignedIn={() => void navigate(next)}
                />
              </section>
              <section aria-labelledby="checkout-guest">
                <h2 id="checkout-guest">{t('checkout.login.guestTitle')}</h2>
                <p>{t('checkout.login.guestText')}</p>
                <div className="checkout-actions">
                  <Link className="button button--large button--secondary" to={next}>
                    {t('checkout.login.guest')}
                  </Link>
                </div>
              </section>
            </>
          )}
        </div>
      )}
    </CheckoutLayout>
  )
}
