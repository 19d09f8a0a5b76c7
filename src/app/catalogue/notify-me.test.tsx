// The notify-me form when the server answers: done, or refused for too many requests with how long to wait.
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import nl from '../../../locales/nl.json' with { type: 'json' }
import { noServer, renderInApp } from '../../../tests/helpers/render-in-app.tsx'
import { createShopApi } from '../api/shop-api.ts'
import type { ApiResponse } from '../../browser/transport.ts'
import { NotifyMeForm } from './notify-me.tsx'

afterEach(cleanup)

function showAnswering(response: ApiResponse) {
  const services = { ...noServer, api: createShopApi(async () => response) }
  renderInApp(<NotifyMeForm productVariantId={4001} />, { messages: nl, services })
  fireEvent.change(screen.getByLabelText(nl.catalogue.notify.email), { target: { value: 'anna@example.nl' } })
  fireEvent.click(screen.getByRole('button', { name: nl.catalogue.notify.submit }))
}

describe('NotifyMeForm', () => {
  it('thanks the shopper when the server took the request', async () => {
    showAnswering({ status: 204, body: null, headers: new Headers() })
    expect((await screen.findByRole('status')).textContent).toBe(nl.catalogue.notify.done)
  })

  it('says how many minutes to wait when the server refused for too many requests', async () => {
    showAnswering({
      status: 429,
      body: { status: 429, code: 'rateLimited', message: '', localizedMessage: '', params: { seconds: '1500' } },
      headers: new Headers({ 'retry-after': '1500' }),
    })
    expect((await screen.findByRole('alert')).textContent).toBe(nl.errors.rateLimited.replace('{{minutes}}', '25'))
  })
})
