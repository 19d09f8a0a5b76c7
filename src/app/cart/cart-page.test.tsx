// The cart page in jsdom over a real device store (IndexedDB in memory): what the server refused is shown by the line
// or field it was about, keeps what the shopper typed and says what to do; only unsent changes wait, with a retry.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { createStore } from 'jotai'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import nl from '../../../locales/nl.json' with { type: 'json' }
import { freshDatabase } from '../../../tests/helpers/indexed-db.ts'
import { product, syncOf } from '../../../tests/helpers/catalogue-fixtures.ts'
import { LiveCart, renderInApp } from '../../../tests/helpers/render-in-app.tsx'
import type { CartMutation } from '../../domain/cart-mutations.ts'
import { applySync } from '../data/catalogue-store.ts'
import { queueChange, readCartView, refuseChange, updateCart, type Refusal } from '../../browser/cart-store.ts'
import { Component as CartPage } from './cart-page.tsx'
import { cartLimitedAtom, cartSendingAtom, cartStuckAtom } from './cart-state.ts'

const SITE = 1
const LANGUAGE = 12
const CART_ID = '6f1c2a9e-0000-4000-8000-000000000001'
const MUESLI = 101
const ELECTROLYTES = 201

async function refused(mutation: CartMutation, refusal: Refusal) {
  const entry = await queueChange(SITE, LANGUAGE, mutation)
  await refuseChange(entry.id, refusal)
}

const outOfStock: Refusal = { code: 'outOfStock', message: nl.errors.outOfStock, params: {} }
const onlyFour: Refusal = { code: 'insufficientStock', message: 'Nog maar 4 op voorraad', params: { amount: '4' } }
const fill = (text: string, values: Record<string, string>) =>
  text.replaceAll(/\{\{(\w+)\}\}/g, (_, key: string) => values[key]!)

let store: ReturnType<typeof createStore>
beforeEach(async () => {
  freshDatabase()
  store = createStore()
  await applySync(
    { siteId: SITE, languageId: LANGUAGE, language: 'nl' },
    syncOf({ products: [product(1, { name: 'Sport Muesli' }), product(2, { name: 'Elektrolyten' })] }),
  )
  // The server's cart as the device last read it: three bags of muesli.
  await updateCart(SITE, LANGUAGE, (cart) => ({
    ...cart,
    cartId: CART_ID,
    base: { ...cart.base, products: [{ productId: 1, productVariantId: MUESLI, count: 3, rqsSamples: [] }] },
  }))
})
afterEach(cleanup)

const show = () =>
  renderInApp(
    <LiveCart>
      <CartPage />
    </LiveCart>,
    { messages: nl, store },
  )
const lineOf = async (name: string) => (await screen.findByRole('link', { name })).closest('li')!

describe('the cart page', () => {
  it('shows a refused quantity by its line: the typed quantity kept and marked, the reason, and what to do', async () => {
    await refused({ type: 'setQuantity', productVariantId: MUESLI, quantity: 5 }, onlyFour)
    show()
    const line = await lineOf('Sport Muesli')
    const field = within(line).getByRole('spinbutton', { name: fill(nl.cart.line.quantity, { name: 'Sport Muesli' }) })
    await waitFor(() => expect((field as HTMLInputElement).value).toBe('5'))
    expect(field.getAttribute('aria-invalid')).toBe('true')
    const message = document.getElementById(field.getAttribute('aria-describedby')!)!
    expect(line.contains(message)).toBe(true)
    expect(message.getAttribute('role')).toBe('alert')
    expect(message.textContent).toContain('Nog maar 4 op voorraad')
    expect(message.textContent).toContain(fill(nl.cart.refusal.maxQuantity, { amount: '4' }))
    // Not as something waiting to be sent, and nothing to retry: the server's answer is final.
    expect(screen.queryByRole('heading', { name: nl.cart.pending.title })).toBeNull()
    expect(screen.queryByRole('button', { name: nl.cart.pending.retry })).toBeNull()

    fireEvent.click(within(line).getByRole('button', { name: fill(nl.cart.refusal.setTo, { quantity: '4' }) }))
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBeNull())
    expect((field as HTMLInputElement).value).toBe('4')
    expect(document.activeElement).toBe(field)
    const after = await readCartView(SITE, LANGUAGE)
    expect(after.refused).toEqual([])
    expect(after.queued.map((e) => e.mutation)).toEqual([
      { type: 'setQuantity', productVariantId: MUESLI, quantity: 4 },
    ])
  })

  it('lets the shopper keep the line as it was, which lets the refusal go', async () => {
    await refused({ type: 'setQuantity', productVariantId: MUESLI, quantity: 5 }, onlyFour)
    show()
    const line = await lineOf('Sport Muesli')
    fireEvent.click(await within(line).findByRole('button', { name: fill(nl.cart.refusal.keep, { quantity: '3' }) }))
    await waitFor(() => expect(within(line).queryByRole('alert')).toBeNull())
    expect((within(line).getByRole('spinbutton') as HTMLInputElement).value).toBe('3')
    const after = await readCartView(SITE, LANGUAGE)
    expect([after.refused, after.queued]).toEqual([[], []])
  })

  it('shows a refused addition of a product the cart does not have where its line would be, to dismiss', async () => {
    await refused({ type: 'add', productId: 2, productVariantId: ELECTROLYTES, quantity: 2 }, outOfStock)
    show()
    const refusedLine = (await screen.findByRole('heading', { name: 'Elektrolyten' })).closest('li')!
    expect(within(screen.getByRole('list', { name: nl.cart.refusal.notAddedTitle })).getAllByRole('listitem')).toEqual([
      refusedLine,
    ])
    const alert = within(refusedLine).getByRole('alert')
    expect(alert.textContent).toContain(fill(nl.cart.refusal.notAdded, { quantity: '2', name: 'Elektrolyten' }))
    expect(alert.textContent).toContain(nl.errors.outOfStock)
    expect(alert.textContent).toContain(nl.cart.refusal.tryLater)
    expect(screen.queryByRole('heading', { name: nl.cart.pending.title })).toBeNull()

    fireEvent.click(within(refusedLine).getByRole('button', { name: nl.cart.refusal.dismiss }))
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Elektrolyten' })).toBeNull())
    expect((await readCartView(SITE, LANGUAGE)).refused).toEqual([])
  })

  it('keeps a refused discount code in its field with the reason under it, until the shopper changes it', async () => {
    await refused(
      { type: 'setDiscountCode', code: 'ZOMER2025' },
      { code: 'discountCodeExpired', message: nl.errors.discountCodeExpired, params: {} },
    )
    show()
    const field = await screen.findByRole('textbox', { name: nl.cart.discount.label })
    await waitFor(() => expect((field as HTMLInputElement).value).toBe('ZOMER2025'))
    expect(field.getAttribute('aria-invalid')).toBe('true')
    const message = document.getElementById(field.getAttribute('aria-describedby')!)!
    expect(message.textContent).toContain(nl.errors.discountCodeExpired)
    expect(message.textContent).toContain(nl.cart.refusal.checkCode)

    fireEvent.change(field, { target: { value: 'ZOMER2026' } })
    await waitFor(() => expect(document.getElementById('discount-code-error')).toBeNull())
    expect((field as HTMLInputElement).value).toBe('ZOMER2026')
    expect((await readCartView(SITE, LANGUAGE)).refused).toEqual([])
  })

  it('does not list changes on their way that no try has failed to send yet', async () => {
    await queueChange(SITE, LANGUAGE, { type: 'setQuantity', productVariantId: MUESLI, quantity: 2 })
    show()
    expect(await screen.findByRole('spinbutton')).toBeTruthy()
    expect(screen.queryByRole('heading', { name: nl.cart.pending.title })).toBeNull()
    act(() => store.set(cartSendingAtom, 'sending'))
    expect(screen.queryByRole('heading', { name: nl.cart.pending.title })).toBeNull()
    act(() => store.set(cartStuckAtom, true))
    expect(screen.getByRole('heading', { name: nl.cart.pending.title })).toBeTruthy()
  })

  it('lists only what waits to be sent as waiting, with a retry once sending failed', async () => {
    await queueChange(SITE, LANGUAGE, { type: 'setQuantity', productVariantId: MUESLI, quantity: 2 })
    await refused({ type: 'add', productId: 2, productVariantId: ELECTROLYTES, quantity: 1 }, outOfStock)
    store.set(cartStuckAtom, true)
    show()
    const pending = (await screen.findByRole('heading', { name: nl.cart.pending.title })).closest('section')!
    await waitFor(() =>
      expect(
        within(pending)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([
        `${fill(nl.cart.change.setQuantity, { name: 'Sport Muesli', quantity: '2' })} ${nl.cart.pending.waiting}`,
      ]),
    )
    expect(within(pending).queryByRole('button', { name: nl.cart.pending.retry })).toBeNull()
    act(() => store.set(cartSendingAtom, 'offline'))
    let tried = 0
    window.addEventListener('shop:cart-changed', () => tried++)
    fireEvent.click(within(pending).getByRole('button', { name: nl.cart.pending.retry }))
    expect(tried).toBe(1)
  })

  it('says how long to wait when the server refused for too many requests (a rate limit)', async () => {
    await queueChange(SITE, LANGUAGE, { type: 'setQuantity', productVariantId: MUESLI, quantity: 2 })
    store.set(cartStuckAtom, true)
    show()
    const pending = (await screen.findByRole('heading', { name: nl.cart.pending.title })).closest('section')!
    act(() => {
      store.set(cartSendingAtom, 'offline')
      store.set(cartLimitedAtom, 7)
    })
    expect(within(pending).getByRole('status').textContent).toBe(fill(nl.errors.rateLimited, { minutes: '7' }))
    expect(within(pending).getByRole('button', { name: nl.cart.pending.retry })).toBeTruthy()
    // The shopper is online: the page does not say otherwise, neither by the change nor by the totals.
    expect(screen.queryByText(nl.cart.status.offline)).toBeNull()
    expect(within(pending).getByRole('listitem').textContent).toContain(nl.cart.pending.held)
    expect(within(pending).queryByText(nl.cart.pending.waiting)).toBeNull()
    expect(screen.queryByText(nl.cart.summary.provisional)).toBeNull()
    expect(screen.queryByText(nl.cart.summary.unavailable)).toBeNull()
    expect(
      screen.queryByText(nl.cart.summary.provisionalHeld) ?? screen.queryByText(nl.cart.summary.unavailableHeld),
    ).not.toBeNull()
  })
})
