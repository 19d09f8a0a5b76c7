import { describe, expect, it } from 'vitest'
import { reviewFieldErrors, wordCount } from './account-reviews.ts'

const REVIEW = { title: 'Top', text: 'Mijn paard eet dit graag', rating: 5, language: 'nl' }

describe('the rules of a written review', () => {
  it.each([
    ['', 0],
    ['  een  ', 1],
    ['een\ntwee\tdrie  vier', 4],
    ['Mijn paard eet dit graag', 5],
  ])('counts the words of %j as %i', (text, count) => expect(wordCount(text)).toBe(count))

  it('accepts a title, five words, 1 to 5 stars and a shop language', () => {
    for (const rating of [1, 2, 3, 4, 5]) expect(reviewFieldErrors({ ...REVIEW, rating })).toEqual([])
    expect(reviewFieldErrors({ ...REVIEW, language: 'fr-BE' })).toEqual([])
  })

  it.each([
    ['an empty title', { title: ' ' }, 'title', 'validation.required', {}],
    ['a title over 120 characters', { title: 'x'.repeat(121) }, 'title', 'validation.maxLength', { max: '120' }],
    ['no text', { text: '' }, 'text', 'validation.required', {}],
    ['four words', { text: 'een twee drie vier' }, 'text', 'validation.reviewMinWords', { count: '5' }],
    ['no stars', { rating: null }, 'rating', 'validation.rating', { max: '5' }],
    ['zero stars', { rating: 0 }, 'rating', 'validation.rating', { max: '5' }],
    ['half a star', { rating: 4.5 }, 'rating', 'validation.rating', { max: '5' }],
    ['a language the shop has not', { language: 'fi' }, 'language', 'validation.required', {}],
  ])('refuses %s with its locale key', (_, change, path, key, params) => {
    expect(reviewFieldErrors({ ...REVIEW, ...change })).toEqual([{ path, key, params }])
  })
})
