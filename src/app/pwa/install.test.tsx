// The install entry in jsdom, as Chromium (the install event), Safari on iOS (no event, a touch screen), a desktop
// browser without the event, and the installed app see it.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import nl from '../../../locales/nl.json' with { type: 'json' }
import { createI18n } from '../i18n/i18n.ts'
import { InstallEntry } from './install.tsx'

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile Safari'

/** A browser: which media queries match, its user agent, and whether it knows the install event at all. */
function browser({ media = [] as string[], userAgent = navigator.userAgent, installEvent = false }) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: media.includes(query), media: query }))
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent)
  if (installEvent) Object.assign(window, { onbeforeinstallprompt: null })
}

function show() {
  render(
    <I18nextProvider i18n={createI18n({ language: 'nl', messages: nl })}>
      <InstallEntry brandName="Equivera" />
    </I18nextProvider>,
  )
}

function offerInstall(outcome: 'accepted' | 'dismissed') {
  const prompt = vi.fn<() => Promise<void>>(async () => undefined)
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome }),
  })
  act(() => {
    window.dispatchEvent(event)
  })
  return { prompt, event }
}

afterEach(() => {
  cleanup()
  // An installed app drops the kept install event: each test starts without one.
  window.dispatchEvent(new Event('appinstalled'))
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  delete (window as { onbeforeinstallprompt?: unknown }).onbeforeinstallprompt
})

describe('the install entry', () => {
  it('offers the browser’s own prompt when the browser fires the install event, then steps aside', async () => {
    browser({ installEvent: true })
    show()
    expect(screen.queryByRole('button')).toBeNull()
    const { prompt, event } = offerInstall('dismissed')
    expect(event.defaultPrevented).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: nl.install.button }))
    expect(prompt).toHaveBeenCalledOnce()
    await vi.waitFor(() => expect(screen.queryByRole('button')).toBeNull())
  })

  it('keeps an install event that came before the entry was on the page (a slow phone still hydrating)', () => {
    browser({ installEvent: true })
    offerInstall('dismissed')
    show()
    expect(screen.getByRole('button', { name: nl.install.button })).toBeTruthy()
  })

  it('on an iPhone, shows how to add the shop to the home screen when asked', () => {
    browser({ media: ['(pointer: coarse)'], userAgent: IPHONE })
    show()
    const button = screen.getByRole('button', { name: nl.install.button })
    const hint = nl.install.hintIos.replace('{{brand}}', 'Equivera')
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(screen.getByText(hint).hidden).toBe(true)
    fireEvent.click(button)
    expect(button.getAttribute('aria-expanded')).toBe('true')
    expect(screen.getByText(hint).hidden).toBe(false)
    expect(screen.getByText(hint).id).toBe(button.getAttribute('aria-controls'))
  })

  it('on another touch browser without the event, gives the general hint', () => {
    browser({ media: ['(pointer: coarse)'], userAgent: 'Mozilla/5.0 (Android 15; Mobile; rv:140.0) Firefox/140.0' })
    show()
    fireEvent.click(screen.getByRole('button', { name: nl.install.button }))
    expect(screen.getByText(nl.install.hint.replace('{{brand}}', 'Equivera'))).toBeTruthy()
  })

  it('offers nothing on a desktop browser that cannot install', () => {
    browser({ media: ['(pointer: fine)'] })
    show()
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('offers nothing in the installed app', () => {
    browser({ media: ['(display-mode: standalone)'], installEvent: true })
    show()
    offerInstall('accepted')
    expect(screen.queryByRole('button')).toBeNull()
  })
})
