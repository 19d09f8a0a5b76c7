import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { LocalizationCheckResult } from '../../domain/site.ts'
import { useNoticeSlot } from '../pwa/notice-slot.ts'
import { useServices } from '../services.tsx'
import { whenIdle } from '../when-idle.ts'
import { localizationChoiceDate, rememberLocalizationChoice } from './localization-cookie.ts'

/** The visitor's country: the edge's geo header when the server had one, else the region of the browser language. */
export function visitorCountryOf(serverCountry: string | null, languages: readonly string[]): string | null {
  if (serverCountry && /^[A-Z]{2}$/.test(serverCountry)) return serverCountry
  for (const language of languages) {
    const region = /^[a-z]{2,3}-([A-Z]{2})$/i.exec(language)?.[1]
    if (region) return region.toUpperCase()
  }
  return null
}

/** Carries the tracking parameters the check names over to the other site. */
export function redirectTarget(result: LocalizationCheckResult, current: URL): string {
  const target = new URL(result.redirectUrl)
  for (const name of result.availableQueryParameters) {
    const value = current.searchParams.get(name)
    if (value !== null) target.searchParams.set(name, value)
  }
  return target.toString()
}

/**
 * The localization check after start-up: visitors in the Netherlands on another site are asked whether
 * they want the Dutch site; visitors from another country on a site that redirects automatically are sent to their
 * country's site. Either way the choice is remembered for 365 days, so nobody is asked twice.
 */
export function LocalizationPrompt({ serverCountry }: { serverCountry: string | null }) {
  const { t } = useTranslation()
  const { api } = useServices()
  const id = useId()
  const [offer, setOffer] = useState<string | null>(null)

  useEffect(() => {
    const country = visitorCountryOf(serverCountry, navigator.languages)
    if (!country) return
    let cancelled = false
    const check = async () => {
      const chosen = await localizationChoiceDate(document.cookie)
      // Whether this visit asks the server at all: tests wait for it before saying no prompt came.
      document.documentElement.dataset.localizationChoice = chosen === null ? 'none' : 'remembered'
      const result = chosen === null ? await api.localizationCheck(location.href, country) : null
      if (cancelled || !result) return
      const target = redirectTarget(result, new URL(location.href))
      if (country === 'NL') setOffer(target)
      else {
        rememberLocalizationChoice()
        location.assign(target)
      }
    }
    // Offline or refused: no prompt, nothing else changes.
    const cancelIdle = whenIdle(() => void check().catch(() => undefined))
    return () => {
      cancelled = true
      cancelIdle()
    }
  }, [api, serverCountry])

  if (!useNoticeSlot('localization', offer !== null) || !offer) return null
  return (
    <section className="localization-prompt dialog" role="dialog" aria-modal="false" aria-labelledby={id}>
      <h2 id={id}>{t('localization.promptTitle')}</h2>
      <p>{t('localization.promptText')}</p>
      <p className="button-row">
        <a className="button" href={offer} onClick={() => rememberLocalizationChoice()}>
          {t('localization.goToDutchSite')}
        </a>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            rememberLocalizationChoice()
            setOffer(null)
          }}
        >
          {t('localization.stay')}
        </button>
      </p>
    </section>
  )
}
