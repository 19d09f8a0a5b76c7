// The header's cart link in jsdom: its name is what it shows, in that order (WCAG 2.5.3 label in name).
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import en from '../../../locales/en.json' with { type: 'json' }
import nl from '../../../locales/nl.json' with { type: 'json' }
import { renderInApp, storeWith } from '../../../tests/helpers/render-in-app.tsx'
import { emptyCart, type CartView } from '../../browser/cart-store.ts'
import { cartViewAtom } from './cart-state.ts'
import { MiniCart } from './mini-cart.tsx'

afterEach(cleanup)

const item = (productVariantId: number, count: number) => ({
  productId: Math.floor(productVariantId / 100),
  productVariantId,
  count,
  rqsSamples: [],
})

function viewOf(...lines: ReturnType<typeof item>[]): CartView {
  const cart = emptyCart(1, 12)
  return { ...cart, contents: { ...cart.base, products: lines }, queued: [], refused: [] }
}

/** The text a sighted visitor reads in an element: without what is hidden from the eye or from everyone. */
function visibleText(element: Element): string {
  const walk = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? ''
    if (!(node instanceof Element)) return ''
    if (node.getAttribute('aria-hidden') === 'true' || node.classList.contains('visually-hidden')) return ''
    return [...node.childNodes].map(walk).join('')
  }
  return walk(element).replaceAll(/\s+/g, ' ').trim()
}

describe('the header’s cart link', () => {
  it.each([
    ['nl', nl, 'Winkelwagen 3 (aantal artikelen)'],
    ['en', en, 'Cart 3 (number of items)'],
  ] as const)('in %s, is named by its word and count first, then what the count means', (language, messages, name) => {
    renderInApp(<MiniCart />, {
      language,
      messages,
      store: storeWith([cartViewAtom, viewOf(item(101, 2), item(201, 1))]),
    })
    const link = screen.getByRole('link', { name })
    expect(name.startsWith(visibleText(link))).toBe(true)
    expect(visibleText(link)).toBe(`${messages.header.cart} 3`)
  })

  it('names an empty cart with its count too', () => {
    renderInApp(<MiniCart />, { messages: nl })
    expect(screen.getByRole('link', { name: 'Winkelwagen 0 (aantal artikelen)' }).getAttribute('href')).toBe(
      '/winkelwagen/',
    )
  })
})
