import { useAtom } from 'jotai'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigation } from 'react-router'
import { navigationFailedAtom } from './navigation.atoms.ts'

/** How long a page's data may take before the pending indicator shows. */
export const PENDING_DELAY_MS = 200

type BarState = 'idle' | 'loading' | 'done' | 'failed'

/**
 * The slim loading bar at the top: it creeps towards 90 % while a navigation loads, finishes at 100 and
 * fades out, or turns the failure colour when the navigation ends in an error page. The "please wait" text for
 * screen readers (and a visible pending style) only appears after 200 ms, so fast navigations do not flicker.
 */
export function LoadingBar() {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const [failed, setFailed] = useAtom(navigationFailedAtom)
  const [state, setState] = useState<BarState>('idle')
  const [pending, setPending] = useState(false)
  const busy = navigation.state !== 'idle'
  const wasBusy = useRef(false)

  useEffect(() => {
    if (busy) {
      wasBusy.current = true
      setFailed(false)
      setState('loading')
      const timer = setTimeout(() => setPending(true), PENDING_DELAY_MS)
      return () => clearTimeout(timer)
    }
    setPending(false)
    if (!wasBusy.current) return
    wasBusy.current = false
    setState('done')
    const timer = setTimeout(() => setState((current) => (current === 'done' ? 'idle' : current)), 400)
    return () => clearTimeout(timer)
  }, [busy, setFailed])

  useEffect(() => {
    if (failed) setState('failed')
  }, [failed])

  return (
    <>
      <div className="loading-bar" data-state={state} data-pending={pending} aria-hidden="true">
        <div className="loading-bar__fill" />
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {pending ? t('navigation.pending') : ''}
      </p>
    </>
  )
}
