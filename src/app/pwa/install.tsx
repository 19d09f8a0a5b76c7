import { useEffect, useId, useState, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

type Offer = { kind: 'prompt'; event: BeforeInstallPromptEvent } | { kind: 'hint'; hint: 'ios' | 'other' } | null

const mediaMatches = (query: string) => typeof matchMedia === 'function' && matchMedia(query).matches
const isStandalone = () =>
  mediaMatches('(display-mode: standalone)') || (navigator as { standalone?: boolean }).standalone === true
/** iPadOS says it is a Mac; a Mac with a touch screen is an iPad. */
const isIos = () =>
  /iphone|ipad|ipod/i.test(navigator.userAgent) ||
  (/macintosh/i.test(navigator.userAgent) && navigator.maxTouchPoints > 1)

/** Asks the browser to keep the shop's offline data (the cart queue, the catalogue) when space runs low. */
export async function askPersistentStorage(): Promise<boolean> {
  if (!navigator.storage?.persist) return false
  if (await navigator.storage.persisted()) return true
  return navigator.storage.persist()
}

// The browser fires its install event once, soon after load, and on a slow phone that can be before the header has
// hydrated: it is kept from the moment the app's script runs, for the entry to offer whenever it is ready.
let pendingPrompt: BeforeInstallPromptEvent | null = null
const promptListeners = new Set<() => void>()
function setPendingPrompt(event: BeforeInstallPromptEvent | null) {
  pendingPrompt = event
  for (const listener of promptListeners) listener()
}
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    setPendingPrompt(event as BeforeInstallPromptEvent)
  })
  window.addEventListener('appinstalled', () => {
    setPendingPrompt(null)
    void askPersistentStorage()
  })
}
const subscribe = (listener: () => void) => {
  promptListeners.add(listener)
  return () => promptListeners.delete(listener)
}
/** The browser's prompt can be shown once: after an answer the entry goes until the browser offers it again. */
const withdraw = () => setPendingPrompt(null)

/**
 * What the browser offers for installing the shop: its own prompt where it fires `beforeinstallprompt` (Chromium),
 * else, on phones and tablets whose browser has no such event (Safari on iOS, Firefox), a hint how to add the shop to
 * the home screen. Nothing while the shop already runs installed. Persistent storage is asked for once the app is
 * installed or runs installed: that is when keeping offline data is what the visitor expects.
 */
function useInstallOffer(): Offer {
  const event = useSyncExternalStore(
    subscribe,
    () => pendingPrompt,
    () => null,
  )
  const [place, setPlace] = useState<'standalone' | 'ios' | 'other' | null>(null)

  useEffect(() => {
    if (isStandalone()) {
      setPlace('standalone')
      void askPersistentStorage()
    } else if (!('onbeforeinstallprompt' in window) && mediaMatches('(pointer: coarse)')) {
      setPlace(isIos() ? 'ios' : 'other')
    }
  }, [])

  if (place === 'standalone') return null
  if (event) return { kind: 'prompt', event }
  return place ? { kind: 'hint', hint: place } : null
}

/**
 * The install entry of the header's menu (first in the opened menu on phones, at the end of the menu bar on a
 * desktop): a button that asks the browser to install the shop, or, where the browser cannot be asked, a button that
 * shows how to add it to the home screen (on iOS: Share, then Add to Home Screen).
 */
export function InstallEntry({ brandName }: { brandName: string }) {
  const { t } = useTranslation()
  const hintId = useId()
  const offer = useInstallOffer()
  const [hintOpen, setHintOpen] = useState(false)
  if (!offer) return null
  const hint = offer.kind === 'hint' ? offer.hint : null
  return (
    <div className="install-entry">
      <button
        type="button"
        className="button button--secondary button--small install-entry__button"
        aria-expanded={hint ? hintOpen : undefined}
        aria-controls={hint ? hintId : undefined}
        onClick={async () => {
          if (offer.kind === 'hint') return setHintOpen((open) => !open)
          await offer.event.prompt()
          const { outcome } = await offer.event.userChoice
          withdraw()
          if (outcome === 'accepted') void askPersistentStorage()
        }}
      >
        {t('install.button')}
      </button>
      {hint && (
        <p id={hintId} className="install-entry__hint" hidden={!hintOpen}>
          {t(hint === 'ios' ? 'install.hintIos' : 'install.hint', { brand: brandName })}
        </p>
      )}
    </div>
  )
}
