import { startTransition, Suspense, useEffect, useState } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EARLY_INPUT_SCRIPT, replayEarlyInput } from './early-input.ts'

// What the shopper typed and chose before the app ran, replayed into real React: a page rendered on the server,
// changed by the shopper, then hydrated as the app hydrates (the replay in the root's effect, the form in a part of
// its own, which React hydrates after the root: frame.tsx).

const METHODS = ['ideal', 'creditcard', 'paypal'] as const

/** What the app's state holds, rendered where the test can read it. */
function Form({ onSend }: { onSend: (sent: string) => void }) {
  const [method, setMethod] = useState<string | null>(null)
  const [email, setEmail] = useState('')
  const [terms, setTerms] = useState(false)
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        onSend(`${method} ${email} ${terms}`)
      }}
    >
      {METHODS.map((code) => (
        <label key={code}>
          <input type="radio" name="method" value={code} checked={method === code} onChange={() => setMethod(code)} />
          {code}
        </label>
      ))}
      <input aria-label="email" value={email} onChange={(event) => setEmail(event.target.value)} />
      <input type="checkbox" aria-label="terms" checked={terms} onChange={() => setTerms((on) => !on)} />
      <output>{`${method} ${email} ${terms}`}</output>
      <button type="submit">Send</button>
    </form>
  )
}

function App({ onSend }: { onSend: (sent: string) => void }) {
  useEffect(() => void replayEarlyInput(), [])
  return (
    <div>
      <h1>Pay</h1>
      <Suspense>
        <Form onSend={onSend} />
      </Suspense>
    </div>
  )
}

const output = () => document.querySelector('output')!.textContent
const radio = (code: string) => document.querySelector<HTMLInputElement>(`input[value="${code}"]`)!

describe('what was typed and chosen before hydration reaches the app', () => {
  let root: Root | null = null
  afterEach(() => {
    root?.unmount()
    root = null
    void replayEarlyInput() // stops a script left listening
    document.body.innerHTML = ''
  })

  /** The server's HTML, the bootstrap script listening, the shopper's changes, then hydration and a re-render. */
  async function hydrateAfter(change: () => void) {
    const sent: string[] = []
    const app = <App onSend={(value) => sent.push(value)} />
    const container = document.createElement('div')
    container.innerHTML = renderToString(app)
    document.body.append(container)
    new Function(EARLY_INPUT_SCRIPT)()
    change()
    // As the app hydrates (start.tsx): a transition, so the part hydrates after the root's effects ran.
    startTransition(() => {
      root = hydrateRoot(container, app)
    })
    await vi.waitFor(() => expect(container.querySelector('input')).toHaveProperty('_valueTracker'))
    return sent
  }

  it('an option chosen early is the app’s choice, and stays chosen when the page renders again', async () => {
    await hydrateAfter(() => {
      radio('creditcard').click()
      radio('paypal').click()
    })
    await vi.waitFor(() => expect(output()).toBe('paypal  false'))
    expect([radio('ideal').checked, radio('creditcard').checked, radio('paypal').checked]).toEqual([false, false, true])
  })

  it('text typed and a box ticked early are the app’s, and the form sent early goes with them', async () => {
    const sent = await hydrateAfter(() => {
      const email = document.querySelector<HTMLInputElement>('input[aria-label="email"]')!
      email.value = 'anna@example.nl'
      email.dispatchEvent(new Event('input', { bubbles: true }))
      document.querySelector<HTMLInputElement>('input[aria-label="terms"]')!.click()
      radio('ideal').click()
      document.querySelector('button')!.click()
    })
    await vi.waitFor(() => expect(output()).toBe('ideal anna@example.nl true'))
    expect(sent).toEqual(['ideal anna@example.nl true'])
  })

  it('a box ticked and unticked again early is left as the app has it', async () => {
    await hydrateAfter(() => {
      const terms = document.querySelector<HTMLInputElement>('input[aria-label="terms"]')!
      terms.click()
      terms.click()
    })
    await new Promise((resolve) => setTimeout(resolve, 50)) // the replay's turn has come and gone
    expect(output()).toBe('null  false')
    expect(document.querySelector<HTMLInputElement>('input[aria-label="terms"]')!.checked).toBe(false)
  })
})
