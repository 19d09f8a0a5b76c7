import { assertClient } from '../client-only.ts'
import { pushEvent } from './data-layer.ts'

const SCRIPT_ID = 'tag-manager'
const CONTAINER_ID = /^GTM-[A-Z0-9]{4,10}$/

declare global {
  interface Window {
    /** Set by the page's bootstrap script when the page's Content-Security-Policy allows the tag manager. */
    tagManagerAllowed?: boolean
  }
}

/**
 * Loads the tag manager (after the app has mounted): only after consent, only where the site has a container id, once.
 * The currency goes into the data layer first, so every tag sees it. Only where the page's security policy allows it
 * (the site has a container and the visitor has not declined: docs/security.md). It gets the page's nonce, which it
 * passes on to its own tags.
 */
export function enableTagManager(containerId: string | null, currency: string): boolean {
  assertClient()
  if (!window.tagManagerAllowed) return false
  if (!containerId || !CONTAINER_ID.test(containerId) || document.getElementById(SCRIPT_ID)) return false
  pushEvent({ event: 'gtm.js', 'gtm.start': Date.now(), currency })
  const script = document.createElement('script')
  script.id = SCRIPT_ID
  script.async = true
  const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce
  if (nonce) script.nonce = nonce
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`
  document.head.append(script)
  return true
}
