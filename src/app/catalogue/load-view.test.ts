import { describe, expect, it } from 'vitest'
import { catalogueViewOf } from './load-view.ts'

// The server preloads the view a page renders with, and the browser loads it before hydrating: a product page only
// the product page's chunk, a list or a page offering products only the lists'.
describe('catalogueViewOf', () => {
  it('is the product view for a product page and the lists’ for a product list', () => {
    expect(catalogueViewOf({ kind: 'catalogue', data: { kind: 'product' } })).toBe('product')
    expect(catalogueViewOf({ kind: 'catalogue', data: { kind: 'productList' } })).toBe('list')
  })

  it('is the lists’ view for a content page that offers products, none for one that offers none', () => {
    expect(catalogueViewOf({ kind: 'contentPage', offers: { 3: [] } })).toBe('list')
    expect(catalogueViewOf({ kind: 'contentPage', offers: {} })).toBeNull()
  })

  it('is none for other pages and for no data', () => {
    expect(catalogueViewOf({ kind: 'faq' })).toBeNull()
    expect(catalogueViewOf({ kind: 'article' })).toBeNull()
    expect(catalogueViewOf(undefined)).toBeNull()
  })
})
