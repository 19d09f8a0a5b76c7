// The footer's newsletter form against the answers the server can give: the same 204 for every address, a rate
// limit, no network; and an address that is not one, refused before anything is sent.
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import nl from '../../../locales/nl.json' with { type: 'json' }
import { noServer, renderInApp } from '../../../tests/helpers/render-in-app.tsx'
import type { ApiRequest, ApiResponse } from '../../browser/transport.ts'
import { createShopApi } from '../api/shop-api.ts'
import { NewsletterSignup } from './newsletter-signup.tsx'

afterEach(cleanup)

function signUp(address: string, answer: () => Promise<ApiResponse>) {
  const sent: ApiRequest[] = []
  const api = createShopApi(async (request) => {
    sent.push(request)
    return answer()
  })
  renderInApp(<NewsletterSignup />, { messages: nl, services: { ...noServer, api } })
  fireEvent.change(screen.getByLabelText(nl.newsletter.footer.email), { target: { value: address } })
  fireEvent.click(screen.getByRole('button', { name: nl.newsletter.footer.submit }))
  return sent
}

describe('NewsletterSignup', () => {
  it('sends the address and says to look for the confirmation mail, the field emptied', async () => {
    const sent = signUp(' anna@example.nl ', async () => ({ status: 204, body: null, headers: new Headers() }))
    await screen.findByText(nl.newsletter.footer.done)
    expect(screen.getByRole('status').textContent).toBe(nl.newsletter.footer.done)
    expect(sent).toMatchObject([
      { method: 'POST', path: '/api/newsletter/subscribe', body: { emailAddress: 'anna@example.nl' } },
    ])
    expect((screen.getByLabelText(nl.newsletter.footer.email) as HTMLInputElement).value).toBe('')
  })

  it('refuses an address that is not one without sending it', async () => {
    const sent = signUp('anna@', async () => ({ status: 204, body: null, headers: new Headers() }))
    expect((await screen.findByRole('alert')).textContent).toBe(nl.validation.email)
    expect(screen.getByLabelText(nl.newsletter.footer.email).getAttribute('aria-invalid')).toBe('true')
    expect(sent).toHaveLength(0)
  })

  it('says it needs the network when the shop cannot be reached', async () => {
    signUp('anna@example.nl', async () => ({ status: 503, body: null, headers: new Headers() }))
    expect((await screen.findByRole('alert')).textContent).toBe(nl.newsletter.footer.offline)
  })

  it('says how long to wait over the rate limit', async () => {
    signUp('anna@example.nl', async () => ({
      status: 429,
      body: { status: 429, code: 'rateLimited', message: '', localizedMessage: '', params: { seconds: '600' } },
      headers: new Headers({ 'retry-after': '600' }),
    }))
    expect((await screen.findByRole('alert')).textContent).toBe(nl.errors.rateLimited.replace('{{minutes}}', '10'))
  })
})
