import { useEffect, useId, useState } from 'react'
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

/**
 * What the browser offers for installing the shop: its own prompt where it fires `beforeinstallprompt` (Chromium),
 * else, on phones and tablets whose browser has no such event (Safari on iOS, Firefox), a hint how to add the shop to
 * the home screen. Nothing while the shop already runs installed. Persistent storage is asked for once the app is
 * installed or runs installed: that is when keeping offline data is what the visitor expects.
 */
function useInstallOffer(): [Offer, () => void] {
  const [offer, setOffer] = useState<Offer>(null)

  useEffect(() => {
    if (isStandalone()) {
      void askPersistentStorage()
      return
    }
    if (!('onbeforeinstallprompt' in window) && mediaMatches('(pointer: coarse)')) {
      setOffer({ kind: 'hint', hint: isIos() ? 'ios' : 'other' })
    }
    const onPrompt = (event: Event) => {
      event.preventDefault()
      setOffer({ kind: 'prompt', event: event as BeforeInstallPromptEvent })
    }
    const onInstalled = () => {
      setOffer(null)
      void askPersistentStorage()
    }
    window.addEventListener('beforeinstallprompt', onPrompt)
    window.addEventListener('appinstalled', onInstalled)
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt)
      window.removeEventListener('appinstalled', onInstalled)
    }
  }, [])

  return [offer, () => setOffer(null)]
}

/**
 * The install entry of the header's menu (first in the opened menu on phones, at the end of the menu bar on a
 * desktop): a button that asks the browser to install the shop, or, where the browser cannot be asked, a button that
 * shows how to add it to the home screen (on iOS: Share, then Add to Home Screen).
 */
export function InstallEntry({ brandName }: { brandName: string }) {
  const { t } = useTranslation()
  const hintId = useId()
  const [offer, withdraw] = useInstallOffer()
  const [hintOpen, setHintOpen] = useState(false)

  if (!offer) return null
  if (offer.kind === 'prompt') {
    return (
      <div className="install-entry">
        <button
          type="button"
          className="button button--secondary button--small install-entry__button"
          onClick={async () => {
            await offer.event.prompt()
            const { outcome } = await offer.event.userChoice
            // The browser's prompt can be shown once; the entry goes until the browser offers it again.
            withdraw()
            if (outcome === 'accepted') void askPersistentStorage()
          }}
        >
          {t('install.button')}
        </button>
      </div>
    )
  }
  return (
    <div className="install-entry">
      <button
        type="button"
        className="button button--secondary button--small install-entry__button"
        aria-expanded={hintOpen}
        aria-controls={hintId}
        onClick={() => setHintOpen((open) => !open)}
      >
        {t('install.button')}
      </button>
      <p id={hintId} className="install-entry__hint" hidden={!hintOpen}>
        {t(offer.hint === 'ios' ? 'install.hintIos' : 'install.hint', { brand: brandName })}
      </p>
    </div>
  )
}
