// The notify-me part of a product page: the request taken (and shown again on the next visit, with a cancel), refused
// for too many requests with how long to wait, kept on the device when the shop cannot be reached and sent once the
// network returns, and absent where the site sends no reminders.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import nl from '../../../locales/nl.json' with { type: 'json' }
import { freshDatabase } from '../../../tests/helpers/indexed-db.ts'
import { noServer, renderInApp } from '../../../tests/helpers/render-in-app.tsx'
import { rootDataFixture } from '../../../tests/helpers/root-data.ts'
import { createShopApi } from '../api/shop-api.ts'
import { readDeviceReminder, sendQueuedReminders } from '../../browser/stock-reminder-store.ts'
import type { ApiRequest, ApiResponse } from '../../browser/transport.ts'
import { NotifyMeForm } from './notify-me.tsx'

afterEach(cleanup)
beforeEach(() => {
  freshDatabase()
})

const TOKEN = 'a'.repeat(32)
const ok = (body: unknown, status = 200): ApiResponse => ({ status, body, headers: new Headers() })
const offline = ok(null, 503)

function show(answer: (request: ApiRequest) => ApiResponse, data = rootDataFixture()) {
  const requests: ApiRequest[] = []
  const api = createShopApi(async (request) => {
    requests.push(request)
    return answer(request)
  })
  renderInApp(<NotifyMeForm productVariantId={4001} />, { messages: nl, services: { ...noServer, api }, data })
  return requests
}

async function ask(address = 'anna@example.nl') {
  fireEvent.change(await screen.findByLabelText(nl.catalogue.notify.email), { target: { value: address } })
  fireEvent.click(screen.getByRole('button', { name: nl.catalogue.notify.submit }))
}

const waitingText = (email: string) => nl.catalogue.notify.waiting.replace('{{email}}', email)

describe('NotifyMeForm', () => {
  it('says where the mail will go once the server took the request, and shows it again on the next visit', async () => {
    const requests = show(() => ok({ cancelToken: TOKEN }))
    await ask()
    expect((await screen.findByRole('status')).textContent).toBe(waitingText('anna@example.nl'))
    expect(requests.find((r) => r.path === '/api/stockreminders')?.body).toEqual({
      productVariantId: 4001,
      emailAddress: 'anna@example.nl',
    })
    expect(await readDeviceReminder(1, 4001)).toMatchObject({ state: 'waiting', cancelToken: TOKEN })
    cleanup()
    show(() => ok(null, 500))
    expect((await screen.findByRole('status')).textContent).toBe(waitingText('anna@example.nl'))
  })

  it('cancels the request by its token and offers the form again', async () => {
    const requests = show((request) =>
      request.path === '/api/stockreminders/cancel'
        ? ok({ productName: 'Fleecedeken', emailAddress: 'anna@example.nl' })
        : ok({ cancelToken: TOKEN }),
    )
    await ask()
    fireEvent.click(await screen.findByRole('button', { name: nl.catalogue.notify.cancel }))
    expect((await screen.findByText(nl.catalogue.notify.cancelled)).getAttribute('role')).toBe('status')
    expect(requests.find((r) => r.path === '/api/stockreminders/cancel')?.query).toEqual({ token: TOKEN })
    expect(await readDeviceReminder(1, 4001)).toBeNull()
    expect(screen.getByLabelText(nl.catalogue.notify.email)).toBeTruthy()
  })

  it('keeps the request on the device without a connection and sends it once the shop answers', async () => {
    show(() => offline)
    await ask()
    expect((await screen.findByRole('status')).textContent).toBe(
      nl.catalogue.notify.queued.replace('{{email}}', 'anna@example.nl'),
    )
    expect(await readDeviceReminder(1, 4001)).toMatchObject({ state: 'queued', languageId: 12 })

    expect(await sendQueuedReminders(async () => offline)).toBe('offline')
    expect(await readDeviceReminder(1, 4001)).toMatchObject({ state: 'queued' })
    const sent: ApiRequest[] = []
    const answer = async (request: ApiRequest) => {
      sent.push(request)
      return ok({ cancelToken: TOKEN })
    }
    expect(await sendQueuedReminders(answer)).toBe('sent')
    expect(await sendQueuedReminders(answer)).toBe('sent')
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/api/stockreminders',
      headers: { siteid: '1', languageid: '12' },
      body: { productVariantId: 4001, emailAddress: 'anna@example.nl' },
    })
    expect(await readDeviceReminder(1, 4001)).toMatchObject({ state: 'waiting', cancelToken: TOKEN })
  })

  it('keeps a queued request the server refuses as refused, with its reason, and sends it no more', async () => {
    show(() => offline)
    await ask()
    await screen.findByRole('status')
    const refusal = ok({ status: 409, code: 'productOrderable', message: '', localizedMessage: '' }, 409)
    expect(await sendQueuedReminders(async () => refusal)).toBe('sent')
    expect(await readDeviceReminder(1, 4001)).toMatchObject({ state: 'refused', refusal: 'productOrderable' })
    cleanup()
    show(() => ok(null, 500))
    expect((await screen.findByRole('alert')).textContent).toBe(nl.errors.productOrderable)
  })

  it('says how many minutes to wait when the server refused for too many requests', async () => {
    show(() => ({
      status: 429,
      body: { status: 429, code: 'rateLimited', message: '', localizedMessage: '', params: { seconds: '1500' } },
      headers: new Headers({ 'retry-after': '1500' }),
    }))
    await ask()
    expect((await screen.findByRole('alert')).textContent).toBe(nl.errors.rateLimited.replace('{{minutes}}', '25'))
    expect(await readDeviceReminder(1, 4001)).toBeNull()
  })

  it('shows nothing on a site that sends no reminders', async () => {
    const data = rootDataFixture()
    data.site = { ...data.site, enableStockReminderFeature: false }
    show(() => ok({ cancelToken: TOKEN }), data)
    await waitFor(() => expect(screen.queryByLabelText(nl.catalogue.notify.email)).toBeNull())
  })
})
