import { useAtom } from 'jotai'
import { useEffect, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useNoticeSlot } from '../pwa/notice-slot.ts'
import { CONSENT_COOKIE, consentFrom, type Consent } from '../../domain/cookies.ts'
import { consentAtom, storeConsent } from './consent.ts'
import { refreshKeptPage } from '../pwa/update.ts'

/**
 * The cookie banner: a non-modal region at the bottom until the visitor chooses. The server renders it from the
 * request's cookie (so it is in the first paint and shifts nothing); the browser checks the cookie again after
 * start, since a page may come from the offline cache. After a choice the service worker keeps this page anew, with
 * the choice, so the next visit opens at once without the banner (refreshKeptPage).
 */
export function CookieBanner({ brandName, initial }: { brandName: string; initial: Consent | null }) {
  const { t } = useTranslation()
  const [stored, setConsent] = useAtom(consentAtom)
  const consent = stored === undefined ? initial : stored
  const id = useId()
  useEffect(() => {
    const now = consentFrom(document.cookie)
    setConsent(now)
    // Chosen before the app ran (early-input.ts), or a kept copy made before the choice: the worker's copy would ask.
    if (now !== initial) refreshKeptPage()
  }, [initial, setConsent])
  // Only the country prompt goes before it; the other notices wait for the choice.
  if (!useNoticeSlot('cookies', consent === null)) return null
  const choose = (choice: Consent) => {
    storeConsent(choice)
    setConsent(choice)
    refreshKeptPage()
  }
  return (
    <section className="cookie-banner dialog" aria-labelledby={id}>
      <h2 id={id}>{t('consent.title')}</h2>
      <p>{t('consent.text', { brand: brandName })}</p>
      <p className="button-row">
        {/* data-early-cookie: a tap before the app runs stores the choice at once (root/early-input.ts). */}
        <button
          type="button"
          className="button"
          data-early-cookie={`${CONSENT_COOKIE}=all`}
          onClick={() => choose('all')}
        >
          {t('consent.accept')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          data-early-cookie={`${CONSENT_COOKIE}=necessary`}
          onClick={() => choose('necessary')}
        >
          {t('consent.decline')}
        </button>
      </p>
    </section>
  )
}
