// "Opnieuw bestellen" in jsdom over a real device store and catalogue: what can go back goes in the cart's outbox,
// and what cannot is named with why.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import nl from '../../../locales/nl.json' with { type: 'json' }
import { freshDatabase } from '../../../tests/helpers/indexed-db.ts'
import { product, syncOf, variant } from '../../../tests/helpers/catalogue-fixtures.ts'
import { LiveCart, renderInApp } from '../../../tests/helpers/render-in-app.tsx'
import { readCartView } from '../../browser/cart-store.ts'
import type { OrderLine } from '../../domain/orders.ts'
import { applySync } from '../data/catalogue-store.ts'
import { ReorderButton } from './reorder-button.tsx'

const line = (productVariantId: number, quantity: number, description: string): OrderLine => ({
  productId: Math.floor(productVariantId / 100),
  productVariantId,
  productType: 2,
  description,
  productLabel: 'Zak · 20 kg',
  quantity,
  freeQuantity: 0,
  unitAmount: 2995,
  vatRatePercentage: 9,
  totalAmount: 2995 * quantity,
})

beforeEach(() => {
  freshDatabase()
})
afterEach(cleanup)

describe('ReorderButton', () => {
  it('puts the orderable lines in the cart and names the others with why', async () => {
    await applySync(
      { siteId: 1, languageId: 12, language: 'nl' },
      syncOf({
        products: [
          product(1, { variants: [variant(101, { stock: 20 })] }),
          product(2, { variants: [variant(201, { stock: 0 })] }),
        ],
      }),
    )
    renderInApp(
      <LiveCart>
        <ReorderButton
          lines={[line(101, 2, 'Sport Muesli'), line(201, 1, 'Lege Muesli'), line(901, 1, 'Oude Muesli')]}
        />
      </LiveCart>,
      { messages: nl },
    )
    const button = await screen.findByRole('button', { name: nl.account.orders.reorder.button })
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false))
    fireEvent.click(button)

    const result = await screen.findByTestId('reorder-result')
    expect(result.textContent).toContain(nl.account.orders.reorder.added.replace('{{lines}}', '1'))
    const named = [...result.querySelectorAll('li')].map((li) => li.textContent)
    expect(named).toEqual([
      `Lege Muesli (Zak · 20 kg): ${nl.account.orders.reorder.outOfStock}`,
      `Oude Muesli (Zak · 20 kg): ${nl.account.orders.reorder.notSold}`,
    ])
    const { queued } = await readCartView(1, 12)
    expect(queued.map((entry) => entry.mutation)).toEqual([
      { type: 'add', productId: 1, productVariantId: 101, quantity: 2 },
    ])
  })
})
