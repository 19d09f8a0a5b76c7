import { afterEach, describe, expect, it, vi } from 'vitest'
import { EARLY_INPUT_SCRIPT, replayEarlyInput } from './early-input.ts'

// The bootstrap script as the page runs it, then the app's replay once hydrated.
const boot = () => new Function(EARLY_INPUT_SCRIPT)() as void

describe('taps and forms before the app runs', () => {
  afterEach(() => {
    void replayEarlyInput() // stops a script left listening
    document.body.innerHTML = ''
    vi.useRealTimers()
  })

  it('keeps a button tapped early and taps it again once the app runs', async () => {
    document.body.innerHTML = '<button type="button">Decline</button><a href="#x">link</a>'
    boot()
    const button = document.querySelector('button')!
    button.click()
    document.querySelector('a')!.click()
    const clicks = vi.fn<() => void>()
    button.addEventListener('click', clicks) // the app's handler, attached at hydration
    await replayEarlyInput()
    expect(clicks).toHaveBeenCalledOnce()
    // Handed over once: later taps are the app's own.
    button.click()
    await replayEarlyInput()
    expect(clicks).toHaveBeenCalledTimes(2)
  })

  it('holds a form sent early and sends it once the app runs, with its submit button', async () => {
    document.body.innerHTML =
      '<form><input name="email" value="a@b.nl" /><button type="submit" name="go" value="1">Send</button></form>'
    boot()
    const form = document.querySelector('form')!
    const sent: (Element | null)[] = []
    const native = vi.fn<(event: SubmitEvent) => void>((event) => sent.push(event.submitter))
    form.addEventListener('submit', native)
    form.querySelector('button')!.click()
    // Held back: the native submission did not go.
    expect(native.mock.calls[0]![0].defaultPrevented).toBe(true)
    sent.length = 0
    await replayEarlyInput()
    expect(sent).toEqual([form.querySelector('button')])
  })

  it('gives a field back the text typed before hydration reset it, then sends its form', async () => {
    document.body.innerHTML = '<form><input name="email" /><button type="submit">Send</button></form>'
    boot()
    const field = document.querySelector('input')!
    for (const value of ['a@', 'a@b.nl']) {
      field.value = value
      field.dispatchEvent(new Event('input', { bubbles: true }))
    }
    document.querySelector('button')!.click()
    field.value = '' // hydration: the app's state
    const typed: string[] = []
    field.addEventListener('input', () => typed.push(field.value))
    const sentWith: string[] = []
    document.querySelector('form')!.addEventListener('submit', () => sentWith.push(field.value))
    await replayEarlyInput()
    expect(typed).toEqual(['a@b.nl'])
    expect(sentWith).toEqual(['a@b.nl'])
  })

  it('stores a cookie choice at once, before the app runs', () => {
    document.body.innerHTML = '<button type="button" data-early-cookie="consent=necessary">Decline</button>'
    boot()
    document.querySelector('button')!.click()
    expect(document.cookie).toContain('consent=necessary')
    document.cookie = 'consent=; Max-Age=0; Path=/'
  })

  it('skips what is no longer on the page', async () => {
    document.body.innerHTML = '<button type="button">Gone</button>'
    boot()
    const button = document.querySelector('button')!
    button.click()
    const clicks = vi.fn<() => void>()
    button.addEventListener('click', clicks)
    button.remove()
    await replayEarlyInput()
    expect(clicks).not.toHaveBeenCalled()
  })

  it('sends a held form natively when the app never starts', () => {
    vi.useFakeTimers()
    document.body.innerHTML = '<form><button type="submit">Send</button></form>'
    boot()
    const form = document.querySelector('form')!
    const submit = vi.spyOn(form, 'submit').mockImplementation(() => undefined)
    form.querySelector('button')!.click()
    vi.advanceTimersByTime(10_000)
    expect(submit).toHaveBeenCalledOnce()
    // An app that starts late after all replays nothing: the form went.
    expect(window.shopEarlyInput).toBeUndefined()
  })
})
