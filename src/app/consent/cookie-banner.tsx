import { useAtom } from 'jotai'
import { useEffect, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { consentAtom, consentFrom, storeConsent, type Consent } from './consent.ts'

/**
 * The cookie banner: a non-modal region at the bottom until the visitor chooses. It is rendered only in the
 * browser (after reading the cookie), so cached pages never carry someone else's choice.
 */
export function CookieBanner({ brandName }: { brandName: string }) {
  const { t } = useTranslation()
  const [consent, setConsent] = useAtom(consentAtom)
  const id = useId()
  useEffect(() => {
    setConsent(consentFrom(document.cookie))
  }, [setConsent])
  if (consent !== null) return null
  const choose = (choice: Consent) => {
    storeConsent(choice)
    setConsent(choice)
  }
  return (
    <section className="cookie-banner dialog" role="region" aria-labelledby={id}>
      <h2 id={id}>{t('consent.title')}</h2>
      <p>{t('consent.text', { brand: brandName })}</p>
      <p className="button-row">
        <button type="button" className="button" onClick={() => choose('all')}>
          {t('consent.accept')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => choose('necessary')}>
          {t('consent.decline')}
        </button>
      </p>
    </section>
  )
}
