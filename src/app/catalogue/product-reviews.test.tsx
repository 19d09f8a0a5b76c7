import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import frBE from '../../../locales/fr-BE.json' with { type: 'json' }
import nl from '../../../locales/nl.json' with { type: 'json' }
import { product } from '../../../tests/helpers/catalogue-fixtures.ts'
import { renderInRoot } from '../../../tests/helpers/render-in-app.tsx'
import type { LanguageCode } from '../../domain/language-codes.ts'
import type { ProductReview } from '../../domain/product.ts'
import { ProductReviews } from './product-reviews.tsx'

afterEach(cleanup)

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]))

let id = 0
const review = (language: LanguageCode, title: string, createdAt: string): ProductReview => ({
  reviewId: ++id,
  title,
  text: `${title}: mijn paard eet het graag.`,
  rating: 4,
  language,
  author: 'Anna',
  createdAt,
})
const withReviews = product(1, {
  rating: { average: 4, count: 4 },
  reviews: [
    review('pl', 'Świetna pasza', '2025-06-01'),
    review('nl', 'Smaakt goed', '2025-03-14'),
    review('sv', 'Bra foder', '2025-05-10'),
    review('nl-BE', 'Echt top', '2025-07-02'),
  ],
})
const titles = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)

describe('reviews', () => {
  it('come in the shopper’s language first; the others say their language and carry it as lang', () => {
    renderInRoot(<ProductReviews product={withReviews} />)
    expect(titles()).toEqual(['Echt top', 'Smaakt goed', 'Świetna pasza', 'Bra foder'])
    const polish = screen.getByRole('heading', { name: 'Świetna pasza' }).closest('article')!
    expect(polish.textContent).toContain(fill(nl.catalogue.reviews.writtenIn, { language: 'Pools' }))
    expect(screen.getByText(/^Świetna pasza: /).getAttribute('lang')).toBe('pl')
    expect(screen.getByRole('heading', { name: 'Świetna pasza' }).getAttribute('lang')).toBe('pl')
    const dutch = screen.getByRole('heading', { name: 'Smaakt goed' }).closest('article')!
    expect(dutch.querySelector('.review__language')).toBeNull()
    expect(screen.getByText(/^Smaakt goed: /).getAttribute('lang')).toBe('nl')
  })

  it('can be kept to the shopper’s language, and shown in all again', async () => {
    renderInRoot(<ProductReviews product={withReviews} />)
    const all = screen.getByRole('radio', { name: fill(nl.catalogue.reviews.allLanguages, { count: 4 }) })
    const own = screen.getByRole('radio', { name: fill(nl.catalogue.reviews.onlyOwn, { count: 2 }) })
    expect((all as HTMLInputElement).checked).toBe(true)
    await act(async () => fireEvent.click(own))
    expect(titles()).toEqual(['Echt top', 'Smaakt goed'])
    await act(async () => fireEvent.click(all))
    expect(titles()).toHaveLength(4)
  })

  it('name other languages in the shopper’s language (Belgian French)', () => {
    renderInRoot(<ProductReviews product={withReviews} />, { language: 'fr-BE', messages: frBE })
    const dutch = screen.getByRole('heading', { name: 'Smaakt goed' }).closest('article')!
    expect(dutch.textContent).toContain(fill(frBE.catalogue.reviews.writtenIn, { language: 'néerlandais' }))
    // No review in French: nothing to keep to.
    expect(screen.queryByRole('radio')).toBeNull()
  })

  it('offer no choice when every review is in the shopper’s language', () => {
    renderInRoot(<ProductReviews product={{ ...withReviews, reviews: withReviews.reviews.slice(1, 2) }} />)
    expect(screen.queryByRole('radio')).toBeNull()
    expect(document.querySelector('.review__language')).toBeNull()
  })
})
