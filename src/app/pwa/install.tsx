import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

const HINT_DISMISSED = 'install-hint-dismissed'
/** Browsers that support the install prompt fire it soon after load; wait this long before showing the hint. */
const HINT_DELAY_MS = 3000

const mediaMatches = (query: string) => typeof matchMedia === 'function' && matchMedia(query).matches
const isStandalone = () =>
  mediaMatches('(display-mode: standalone)') || (navigator as { standalone?: boolean }).standalone === true

/** Asks the browser to keep the shop's offline data (the cart queue, the catalogue) when space runs low. */
export async function askPersistentStorage(): Promise<boolean> {
  if (!navigator.storage?.persist) return false
  if (await navigator.storage.persisted()) return true
  return navigator.storage.persist()
}

/**
 * The install entry: a button where the browser offers `beforeinstallprompt`, else (on phones, iOS in particular)
 * a hint how to add the shop to the home screen. Persistent storage is asked for once the app is installed or runs
 * installed: that is when keeping offline data is what the visitor expects.
 */
export function InstallEntry({ brandName }: { brandName: string }) {
  const { t } = useTranslation()
  const [prompt, setPrompt] = useState<BeforeInstallPromptEvent | null>(null)
  const [hint, setHint] = useState<'ios' | 'other' | null>(null)

  useEffect(() => {
    if (isStandalone()) {
      void askPersistentStorage()
      return
    }
    const onPrompt = (event: Event) => {
      event.preventDefault()
      setPrompt(event as BeforeInstallPromptEvent)
      setHint(null)
    }
    const onInstalled = () => {
      setPrompt(null)
      void askPersistentStorage()
    }
    window.addEventListener('beforeinstallprompt', onPrompt)
    window.addEventListener('appinstalled', onInstalled)
    const timer = setTimeout(() => {
      if ('onbeforeinstallprompt' in window || !mediaMatches('(pointer: coarse)')) return
      if (localStorage.getItem(HINT_DISMISSED)) return
      setHint(/iphone|ipad|ipod/i.test(navigator.userAgent) ? 'ios' : 'other')
    }, HINT_DELAY_MS)
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt)
      window.removeEventListener('appinstalled', onInstalled)
      clearTimeout(timer)
    }
  }, [])

  if (prompt) {
    return (
      <button
        type="button"
        className="button button--small install-button"
        onClick={async () => {
          await prompt.prompt()
          const { outcome } = await prompt.userChoice
          setPrompt(null)
          if (outcome === 'accepted') void askPersistentStorage()
        }}
      >
        {t('install.button')}
      </button>
    )
  }
  if (!hint) return null
  return (
    <div className="install-hint" role="note">
      <p>{t(hint === 'ios' ? 'install.hintIos' : 'install.hint', { brand: brandName })}</p>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => {
          localStorage.setItem(HINT_DISMISSED, '1')
          setHint(null)
        }}
      >
        {t('install.dismiss')}
      </button>
    </div>
  )
}
