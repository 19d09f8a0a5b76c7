import { describe, expect, it } from 'vitest'
import { withTrailingSlash } from './app-link.tsx'

describe('withTrailingSlash', () => {
  it.each([
    ['/klantenservice', '/klantenservice/'],
    ['/klantenservice/', '/klantenservice/'],
    ['/zoeken?q=hooi', '/zoeken/?q=hooi'],
    ['/faq#bezorging', '/faq/#bezorging'],
    ['/', '/'],
    ['https://example.com/a', 'https://example.com/a'],
    ['mailto:info@example.com', 'mailto:info@example.com'],
    ['tel:+31201234567', 'tel:+31201234567'],
  ])('%s becomes %s', (route, expected) => {
    expect(withTrailingSlash(route)).toBe(expected)
  })
})
