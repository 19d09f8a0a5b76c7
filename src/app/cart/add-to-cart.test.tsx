// "In winkelwagen" in jsdom over a real device store: "added" at once, and the server's reason in its place should the
// server refuse the addition later.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import nl from '../../../locales/nl.json' with { type: 'json' }
import { freshDatabase } from '../../../tests/helpers/indexed-db.ts'
import { product } from '../../../tests/helpers/catalogue-fixtures.ts'
import { LiveCart, renderInApp } from '../../../tests/helpers/render-in-app.tsx'
import { readCartView, refuseChange } from '../../browser/cart-store.ts'
import { AddToCart } from './add-to-cart.tsx'

beforeEach(() => {
  freshDatabase()
})
afterEach(cleanup)

describe('AddToCart', () => {
  it('says "added" at once, and the server’s reason instead should it refuse the addition', async () => {
    const muesli = product(1, { name: 'Sport Muesli' })
    renderInApp(
      <LiveCart>
        <AddToCart product={muesli} variant={muesli.variants[0]!} />
      </LiveCart>,
      { messages: nl },
    )
    fireEvent.click(await screen.findByRole('button', { name: nl.cart.add.button }))
    expect((await screen.findByRole('status')).textContent).toContain(nl.messages.addedToCart)

    const [sent] = (await readCartView(1, 12)).queued
    await refuseChange(sent!.id, { code: 'outOfStock', message: nl.errors.outOfStock, params: {} })
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(nl.errors.outOfStock))
    expect(screen.queryByRole('status')).toBeNull()
    expect(screen.getByRole('link', { name: nl.cart.add.viewCart })).toBeTruthy()
  })
})
