// The captcha of sign-in and resend confirmation (spec §9): a self-hosted ALTCHA proof of work, no third party. It
// starts solving as soon as the page has it (a slow phone has it done before the form is filled in), in the page's
// language; the widget is a checkbox a keyboard and a screen reader can use, with its state announced. Its solution
// goes in the `recaptchatoken` header of the call (shop-api.ts). A solution is good once: after each use the next one
// is solved at once.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
// oxlint-disable-next-line import/no-empty-named-blocks, unicorn/require-module-specifiers -- JSX typings only
import type {} from 'altcha/types/react'
import { useTranslation } from 'react-i18next'
import { useRootData } from '../root/use-root-data.ts'

/** Where the widget fetches its challenge (src/server/captcha/). */
export const CAPTCHA_CHALLENGE_PATH = '/api/captcha/challenge'

type WidgetState = 'unverified' | 'verifying' | 'verified' | 'error' | 'expired' | 'code'

interface AltchaElement extends HTMLElement {
  verify(): Promise<{ payload: string } | null>
  reset(): void
  getState(): WidgetState
}

export interface Captcha {
  /** The widget, where the form wants it. */
  element: ReactNode
  /** The solution: at once when solved, else once solving is done; null when it could not be solved. */
  solution(): Promise<string | null>
  /** The solution was used (good once): solve the next one. */
  renew(): void
}

const SOLVE_TIMEOUT_MS = 60_000

/** Tells everyone waiting for a solution how solving ended. */
function settle(waiting: ((payload: string | null) => void)[], value: string | null) {
  for (const resolve of waiting.splice(0)) resolve(value)
}

export function useCaptcha(): Captcha {
  const { language } = useRootData()
  const [widgetLanguage, setWidgetLanguage] = useState<string | null>(null)
  const [state, setState] = useState<WidgetState>('unverified')
  const widget = useRef<AltchaElement | null>(null)
  const payload = useRef<string | null>(null)
  const waiting = useRef<((payload: string | null) => void)[]>([])

  // The widget's code, styles and texts come with the first page that needs them, not with every page.
  useEffect(() => {
    let current = true
    void import('./altcha-setup.ts')
      .then(({ altchaLanguage }) => altchaLanguage(language.code))
      .then((key) => current && setWidgetLanguage(key))
      .catch(() => current && setWidgetLanguage('en'))
    return () => {
      current = false
    }
  }, [language.code])

  const attach = useCallback((element: AltchaElement | null) => {
    widget.current = element
    if (!element) return
    element.addEventListener('statechange', (event) => {
      const detail = (event as CustomEvent<{ state: WidgetState; payload?: string }>).detail
      setState(detail.state)
      if (detail.state === 'verified' && detail.payload) {
        payload.current = detail.payload
        settle(waiting.current, detail.payload)
      } else {
        payload.current = null
        if (detail.state === 'error') settle(waiting.current, null)
        // An expired solution is replaced without the shopper having to do anything.
        if (detail.state === 'expired') void element.verify().catch(() => undefined)
      }
    })
  }, [])

  const solution = useCallback(async (): Promise<string | null> => {
    if (payload.current) return payload.current
    const element = widget.current
    if (!element) return null
    const answer = new Promise<string | null>((resolve) => {
      waiting.current.push(resolve)
      setTimeout(() => resolve(null), SOLVE_TIMEOUT_MS)
    })
    if (element.getState() !== 'verifying') void element.verify().catch(() => settle(waiting.current, null))
    return answer
  }, [])

  const renew = useCallback(() => {
    payload.current = null
    const element = widget.current
    if (!element) return
    element.reset()
    void element.verify().catch(() => undefined)
  }, [])

  const element = <CaptchaBox language={widgetLanguage} attach={attach} state={state} />
  return { element, solution, renew }
}

function CaptchaBox({
  language,
  attach,
  state,
}: {
  language: string | null
  attach: (element: AltchaElement | null) => void
  state: WidgetState
}) {
  const { t } = useTranslation()
  return (
    // The box keeps the widget's height from the first paint, so nothing below it moves when it appears.
    <div className="captcha" role="group" aria-label={t('account.auth.captcha.label')} data-state={state}>
      {language ? (
        <altcha-widget
          ref={attach as never}
          // Attributes the widget reads (its React typings know only some of them).
          {...{ challenge: CAPTCHA_CHALLENGE_PATH, auto: 'onload', language, name: 'altcha', type: 'checkbox' }}
        />
      ) : (
        <p className="captcha__loading">{t('account.auth.captcha.loading')}</p>
      )}
    </div>
  )
}
