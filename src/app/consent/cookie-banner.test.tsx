import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { Provider as JotaiProvider } from 'jotai'
import { I18nextProvider } from 'react-i18next'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import nl from '../../../locales/nl.json' with { type: 'json' }
import { createI18n } from '../i18n/i18n.ts'
import { CookieBanner } from './cookie-banner.tsx'
import { consentFrom } from '../../domain/cookies.ts'

const i18n = createI18n({ language: 'nl', messages: nl })
const show = () =>
  render(
    <JotaiProvider>
      <I18nextProvider i18n={i18n}>
        <CookieBanner brandName="Equivera" initial={null} />
      </I18nextProvider>
    </JotaiProvider>,
  )

function clearCookies() {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim()
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`
  }
}

describe('CookieBanner', () => {
  beforeEach(clearCookies)
  afterEach(cleanup)

  it('asks until the visitor chooses, then stores the choice for 365 days and goes away', async () => {
    show()
    expect(await screen.findByRole('region', { name: nl.consent.title })).toBeTruthy()
    expect(screen.getByText(/Equivera kunnen verbeteren/)).toBeTruthy()
    act(() => fireEvent.click(screen.getByRole('button', { name: nl.consent.accept })))
    expect(screen.queryByRole('region', { name: nl.consent.title })).toBeNull()
    expect(consentFrom(document.cookie)).toBe('all')
  })

  it('does not ask again once the choice is made', async () => {
    document.cookie = 'consent=necessary; Path=/'
    show()
    await act(async () => undefined)
    expect(screen.queryByRole('region', { name: nl.consent.title })).toBeNull()
  })

  it.each(['consent=maybe', 'consent=%E0%A4%A'])('asks again when the cookie is corrupt (%s)', async (cookie) => {
    document.cookie = `${cookie}; Path=/`
    show()
    expect(await screen.findByRole('region', { name: nl.consent.title })).toBeTruthy()
  })
})
