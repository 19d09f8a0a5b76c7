// The notices at the bottom take turns (jsdom): the cookie choice before a new version and the connection; a
// closed offline notice stays closed until the connection changes.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { createStore, Provider } from 'jotai'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import nl from '../../../locales/nl.json' with { type: 'json' }
import { CookieBanner } from '../consent/cookie-banner.tsx'
import { createI18n } from '../i18n/i18n.ts'
import { connectivityAtom } from './connectivity.ts'
import { reportStorageError } from '../../browser/storage-status.ts'
import { shownNotice } from './notice-slot.ts'
import { ConnectivityNotice } from './offline-notice.tsx'
import { StorageNotice } from './storage-notice.tsx'
import { UpdatePrompt } from './update-prompt.tsx'
import { updateAvailableAtom } from './update.ts'

afterEach(cleanup)
const i18n = createI18n({ language: 'nl', messages: nl, overrides: undefined })

function show() {
  const store = createStore()
  render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <ConnectivityNotice />
        <UpdatePrompt />
        <CookieBanner brandName="Equivera" initial={null} />
        <StorageNotice />
      </I18nextProvider>
    </Provider>,
  )
  return store
}

describe('the notices at the bottom of the screen', () => {
  it('orders them: the country prompt, cookies, storage trouble, a new version, the connection', () => {
    expect(shownNotice(new Set(['localization', 'cookies']))).toBe('localization')
    expect(shownNotice(new Set(['update', 'storage', 'cookies']))).toBe('cookies')
    expect(shownNotice(new Set(['update', 'storage']))).toBe('storage')
    expect(shownNotice(new Set(['connectivity', 'update']))).toBe('update')
    expect(shownNotice(new Set(['connectivity', 'update', 'cookies']))).toBe('cookies')
    expect(shownNotice(new Set())).toBeUndefined()
  })

  it('shows one at a time, the next when the first is answered', async () => {
    document.cookie = 'consent=; max-age=0'
    const store = show()
    act(() => {
      store.set(connectivityAtom, 'offline')
      store.set(updateAvailableAtom, true)
    })
    expect(screen.getByRole('heading', { name: nl.consent.title })).toBeTruthy()
    expect(screen.queryByText(nl.update.available)).toBeNull()
    expect(screen.queryByText(nl.offline.notice)).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: nl.consent.decline }))
    expect(await screen.findByText(nl.update.available)).toBeTruthy()
    expect(screen.queryByText(nl.offline.notice)).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: nl.update.later }))
    expect(await screen.findByText(nl.offline.notice)).toBeTruthy()
  })

  it('keeps storage trouble until the cookie choice is made, then says it', async () => {
    document.cookie = 'consent=; max-age=0'
    show()
    act(() => {
      try {
        reportStorageError(Object.assign(new Error('full'), { name: 'QuotaExceededError' }))
      } catch {
        // reported, then rethrown for the caller
      }
    })
    expect(screen.getByRole('heading', { name: nl.consent.title })).toBeTruthy()
    expect(screen.queryByText(nl.storage.quota)).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: nl.consent.decline }))
    expect(await screen.findByText(nl.storage.quota)).toBeTruthy()
  })

  it('closes the offline notice until the connection changes again', async () => {
    document.cookie = 'consent=necessary'
    const store = show()
    act(() => store.set(connectivityAtom, 'offline'))
    fireEvent.click(await screen.findByRole('button', { name: nl.a11y.closeDialog }))
    expect(screen.queryByText(nl.offline.notice)).toBeNull()
    act(() => store.set(connectivityAtom, 'back-online'))
    expect(await screen.findByText(nl.offline.backOnline)).toBeTruthy()
    act(() => store.set(connectivityAtom, 'offline'))
    expect(await screen.findByText(nl.offline.notice)).toBeTruthy()
  })

  it("carries the offline notice hidden until the app runs, then the app's own takes over", async () => {
    document.cookie = 'consent=necessary'
    const store = createStore()
    const notice = () => (
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <ConnectivityNotice />
        </I18nextProvider>
      </Provider>
    )
    const container = document.createElement('div')
    container.innerHTML = renderToString(notice())
    document.body.append(container)
    const early = container.querySelector('.connectivity-notice__early')
    expect(early?.hasAttribute('hidden')).toBe(true)
    expect(early?.textContent).toBe(nl.offline.notice)
    expect(container.querySelector('button')).toBeNull()

    // Hydrated as the server rendered it; the app then finds the device offline: its own notice, with a close button.
    const errors: unknown[] = []
    const root = await act(async () => hydrateRoot(container, notice(), { onRecoverableError: (e) => errors.push(e) }))
    expect(errors).toEqual([])
    expect(container.querySelector('.connectivity-notice__early')).toBeNull()
    act(() => store.set(connectivityAtom, 'offline'))
    expect(screen.getAllByText(nl.offline.notice)).toHaveLength(1)
    expect(screen.getByRole('button', { name: nl.a11y.closeDialog })).toBeTruthy()
    act(() => root.unmount())
    container.remove()
  })
})
