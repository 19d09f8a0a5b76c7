import { describe, expect, it } from 'vitest'
import { LANGUAGE_CODES, type LanguageCode } from './language-codes.ts'
import { intlLocaleOf } from './locale.ts'
import type { ProductReview } from './product.ts'
import { isInLanguage, languageName, reviewsFor, spokenLanguage } from './review-languages.ts'
import { provideAllIntlData } from './intl-data-all.ts'

// With the generated data, as the server and the browser write (intl-data.ts); without it each use asks Intl.
provideAllIntlData()

let id = 0
const review = (language: LanguageCode, createdAt: string): ProductReview => ({
  reviewId: ++id,
  title: `Review ${id}`,
  text: 'Mijn paard eet het graag en glanst.',
  rating: 5,
  language,
  author: 'Femke V.',
  createdAt,
})
const reviews = [
  review('pl', '2025-05-01'),
  review('nl', '2025-03-14'),
  review('sv', '2025-06-10'),
  review('nl-BE', '2025-07-02'),
  review('fr-BE', '2025-04-20'),
  review('de', '2025-08-01'),
]
const languages = (list: ProductReview[]) => list.map((r) => r.language)

describe('reviews for a shopper', () => {
  it('puts the shopper’s language first (Flemish counts as Dutch), then the others, newest first within each', () => {
    expect(languages(reviewsFor(reviews, 'nl'))).toEqual(['nl-BE', 'nl', 'de', 'sv', 'pl', 'fr-BE'])
  })

  it('keeps only the shopper’s language when asked', () => {
    expect(languages(reviewsFor(reviews, 'nl', true))).toEqual(['nl-BE', 'nl'])
    expect(languages(reviewsFor(reviews, 'fr-FR', true))).toEqual(['fr-BE'])
    expect(reviewsFor(reviews, 'da', true)).toEqual([])
  })

  it.each<[LanguageCode, LanguageCode, boolean]>([
    ['nl-BE', 'nl', true],
    ['de', 'de-AT', true],
    ['fr-BE', 'fr-FR', true],
    ['pl', 'nl', false],
  ])('a review in %s is in the language of a shopper in %s: %s', (of, shopper, expected) => {
    expect(isInLanguage({ language: of }, shopper)).toBe(expected)
  })

  it.each<[LanguageCode, LanguageCode, string]>([
    ['pl', 'nl', 'Pools'],
    ['sv', 'nl', 'Zweeds'],
    ['fr-BE', 'nl', 'Frans'],
    ['de-AT', 'en', 'German'],
    ['nl', 'fr-BE', 'néerlandais'],
    ['da', 'de', 'Dänisch'],
  ])('names %s in %s as %s', (of, shopper, name) => {
    expect(languageName(of, shopper)).toBe(name)
  })
})

describe('languageName as Intl names it', () => {
  it.each(LANGUAGE_CODES)('names every review language in %s', (shopper) => {
    const names = new Intl.DisplayNames(intlLocaleOf(shopper), { type: 'language', fallback: 'code' })
    for (const of of LANGUAGE_CODES) expect(languageName(of, shopper)).toBe(names.of(spokenLanguage(of)))
  })
})
