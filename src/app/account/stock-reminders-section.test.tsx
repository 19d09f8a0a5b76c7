// The account's back-in-stock reminders: listed with their product, channel and date; one cancelled leaves the list.
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import nl from '../../../locales/nl.json' with { type: 'json' }
import { noServer, renderInApp } from '../../../tests/helpers/render-in-app.tsx'
import { createShopApi } from '../api/shop-api.ts'
import type { ApiRequest, ApiResponse } from '../../browser/transport.ts'
import type { AccountStockReminder } from '../../domain/stock-reminders.ts'
import { StockRemindersSection } from './stock-reminders-section.tsx'

afterEach(cleanup)

const reminder = (channel: 'email' | 'push', id: number, productName: string): AccountStockReminder => ({
  channel,
  id,
  productVariantId: 3600 + id,
  productName,
  path: `/dekens/${id}/`,
  createdAt: '2026-11-20T10:00:00.000Z',
})
const ok = (body: unknown): ApiResponse => ({ status: 200, body, headers: new Headers() })

describe('StockRemindersSection', () => {
  it('lists the waiting reminders and cancels one', async () => {
    const requests: ApiRequest[] = []
    let reminders = [reminder('email', 1, 'Fleecedeken – Stuk · 115 cm'), reminder('push', 2, 'Hooinet')]
    const api = createShopApi(async (request) => {
      requests.push(request)
      if (request.method === 'DELETE')
        reminders = reminders.filter((r) => !request.path.endsWith(`/${r.channel}/${r.id}`))
      return ok({ reminders })
    })
    renderInApp(<StockRemindersSection />, { messages: nl, services: { ...noServer, api } })
    const list = await screen.findByRole('list')
    expect(within(list).getAllByRole('listitem')).toHaveLength(2)
    expect(within(list).getByRole('link', { name: 'Hooinet' }).getAttribute('href')).toBe('/dekens/2/')
    expect(list.textContent).toContain(nl.account.subscriptions.reminders.email)
    expect(list.textContent).toContain(nl.account.subscriptions.reminders.push)
    expect(list.textContent).toContain('20 november 2026')

    fireEvent.click(
      screen.getByRole('button', { name: `${nl.account.subscriptions.reminders.cancel}: Fleecedeken – Stuk · 115 cm` }),
    )
    expect(
      await screen.findByText(
        nl.account.subscriptions.reminders.cancelled.replace('{{product}}', 'Fleecedeken – Stuk · 115 cm'),
      ),
    ).toBeTruthy()
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(1)
    expect(requests.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/account/stockreminders/email/1' })
  })

  it('says so when none waits', async () => {
    renderInApp(<StockRemindersSection />, {
      messages: nl,
      services: { ...noServer, api: createShopApi(async () => ok({ reminders: [] })) },
    })
    expect(await screen.findByText(nl.account.subscriptions.reminders.empty)).toBeTruthy()
  })
})
