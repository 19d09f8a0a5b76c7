// Prices in jsdom: the indicative amount with the euro amount that binds, for the eye and for a screen reader.
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import da from '../../../locales/da.json' with { type: 'json' }
import nl from '../../../locales/nl.json' with { type: 'json' }
import { renderInApp } from '../../../tests/helpers/render-in-app.tsx'
import { rootDataFixture } from '../../../tests/helpers/root-data.ts'
import type { RootData } from '../root/root.data.ts'
import { IndicativePriceNotice, Price } from './price.tsx'

afterEach(cleanup)

function danish(): RootData {
  const data = rootDataFixture()
  const language = { ...data.language, languageId: 2, code: 'da' as const, culture: 'da-DK', localizedName: 'Dansk' }
  return {
    ...data,
    site: { ...data.site, siteId: 5, currency: 'Kr.', currencyCode: 'DKK', languages: [language] },
    language,
    locale: { locale: 'da', fallback: 'en', language: 'da', fallbackLanguage: 'en' },
    currency: 'DKK',
  }
}

/** Money is formatted with no-break spaces (the sign never wraps away from its number); written as spaces here. */
const spaced = (text: string | null) => (text ?? '').replaceAll('\u00a0', ' ')
/** What the eye reads: the text outside what is hidden from it. */
const seen = (element: Element) =>
  spaced([...element.querySelectorAll('[aria-hidden="true"]')].map((e) => e.textContent).join(''))
/** A button by its name as a screen reader says it. */
const buttonNamed = (name: string) => screen.getByRole('button', { name: (computed) => spaced(computed) === name })

describe('Price', () => {
  it('shows an indicative price with its binding euro amount, and says which is which to a screen reader', () => {
    renderInApp(
      <button type="button">
        <Price cents={24581} />
      </button>,
      { data: danish(), language: 'da', messages: da },
    )
    // A button's name is what a screen reader says of its content: the hidden sentence, not the marks.
    const button = buttonNamed('245,81 kr., vejledende beløb; 32,95 €, bindende beløb')
    expect(seen(button)).toBe('245,81 kr.* 32,95 €')
  })

  it('gives an amount in euro as it is, once', () => {
    renderInApp(
      <button type="button">
        <Price cents={3295} />
      </button>,
      { messages: nl },
    )
    expect(spaced(screen.getByRole('button').textContent)).toBe('€ 32,95')
  })

  it('can leave the euro amount out, keeping the mark', () => {
    renderInApp(
      <button type="button">
        <Price cents={6900} euro={false} />
      </button>,
      { data: danish(), language: 'da', messages: da },
    )
    expect(spaced(buttonNamed('69,00 kr.').textContent)).toBe('69,00 kr.*')
  })

  it('converts an amount in the currency the caller names, not the site’s', () => {
    renderInApp(
      <button type="button">
        <Price cents={36904} currency="SEK" />
      </button>,
      { data: danish(), language: 'da', messages: da },
    )
    expect(buttonNamed('369,04 SEK, vejledende beløb; 32,95 €, bindende beløb')).toBeTruthy()
  })
})

describe('IndicativePriceNotice', () => {
  it('says that only the euro binds, and at what rate the prices are converted', () => {
    const { container } = renderInApp(<IndicativePriceNotice />, { data: danish(), language: 'da', messages: da })
    expect(spaced(container.textContent)).toBe(
      '* Priser i DKK er vejledende. Kun prisen i euro er bindende. (Omregnet til kursen 1,00 € = 7,46 kr.) ',
    )
  })

  it('is not there on a euro site', () => {
    const { container } = renderInApp(<IndicativePriceNotice />, { messages: nl })
    expect(container.textContent).toBe('')
  })
})
