import { useAtomValue } from 'jotai'
import { useEffect, useRef } from 'react'
import { useLocation, useMatches } from 'react-router'
import { loadSchemas } from '../api/shop-api.ts'
import { consentAtom } from '../consent/consent.ts'
import { useServices } from '../services.tsx'
import { contentView, pushEvent } from './data-layer.ts'
import { enableTagManager } from './tag-manager.ts'

const CONVERSION_KEY = 'conversion-reported'

export interface RouteNameHandle {
  routeName?: string
}

/**
 * Start-up step 7 and after every route change: the tag manager once consent is given, a content-view event with
 * the route's name, and a mailing conversion (`mailplus_id` on the landing URL) reported once.
 */
export function useTracking(containerId: string | null, currency: string) {
  const consent = useAtomValue(consentAtom)
  const { api } = useServices()
  const location = useLocation()
  const matches = useMatches()
  const routeName =
    matches
      .map((m) => (m.handle as RouteNameHandle | undefined)?.routeName)
      .filter(Boolean)
      .at(-1) ?? 'unknown'
  const landing = useRef(location.search)

  useEffect(() => {
    if (consent === 'all') enableTagManager(containerId, currency)
  }, [consent, containerId, currency])

  useEffect(() => {
    pushEvent(contentView(routeName, location.pathname))
  }, [routeName, location.pathname])

  useEffect(() => {
    const raw = new URLSearchParams(landing.current).get('mailplus_id')
    if (raw === null) return
    void loadSchemas().then(({ mailplusId }) => {
      const id = mailplusId.safeParse(raw)
      if (!id.success) return // a broken id is ignored: the page itself is fine
      let before = false
      try {
        before = sessionStorage.getItem(CONVERSION_KEY) === id.data
        if (!before) sessionStorage.setItem(CONVERSION_KEY, id.data)
      } catch {
        // no session storage: report anyway; the server counts a mailing once per site
      }
      // What became of it, for tests that check a conversion is reported once.
      document.documentElement.dataset.conversion = before ? 'reported-before' : 'reported'
      if (!before) api.conversion(id.data).catch((error: unknown) => console.warn('conversion not reported', error))
    })
  }, [api])
}
