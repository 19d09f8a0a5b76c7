import { assertClient } from '../client-only.ts'
import { pushEvent } from './data-layer.ts'

const SCRIPT_ID = 'tag-manager'
const CONTAINER_ID = /^GTM-[A-Z0-9]{4,10}$/

/**
 * Loads the tag manager (after the app has mounted): only after consent, only where the site has a container id, once.
 * The currency goes into the data layer first, so every tag sees it.
 */
export function enableTagManager(containerId: string | null, currency: string): boolean {
  assertClient()
  if (!containerId || !CONTAINER_ID.test(containerId) || document.getElementById(SCRIPT_ID)) return false
  pushEvent({ event: 'gtm.js', 'gtm.start': Date.now(), currency })
  const script = document.createElement('script')
  script.id = SCRIPT_ID
  script.async = true
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`
  document.head.append(script)
  return true
}
