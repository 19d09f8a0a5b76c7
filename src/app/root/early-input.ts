// A tap between the first paint and hydration: the page is on screen before the app runs (the server's HTML paints
// first, see start-script.ts), so a shopper on a slow phone may tap a button, choose an option or send a form before
// React listens, or type into a field. Hydration keeps what the page shows, but the app's state does not have it: the
// next render sets the field back to the app's (empty) text and the option back to none, and the form is sent with
// neither. The page's bootstrap script (EARLY_INPUT_SCRIPT) keeps what was typed, chosen, tapped and sent, holding
// back a form's native submission; once the app runs, it replays it in order (replayEarlyInput). Links need nothing:
// they work natively.
//
// The replay runs once the app's root has hydrated; the frame's parts (header, page, footer: frame.tsx) may still be
// waiting for their turn. So each replayed element is woken first (wake): an event React hydrates its part for at
// once. Only then is the text or choice set, through React's own record of the element's value, so that React sees
// the replayed change as one and tells the app (onChange).
// Not covered: a submit button tapped while React is hydrating (after hydrateRoot, before the form is hydrated). React
// takes that tap and replays the click once hydrated, but not the form's sending; the shopper taps again.

import { COOKIE_MAX_AGE_SECONDS } from '../../domain/cookies.ts'

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement
/** What the bootstrap script hands over, in order: each text typed, box or option chosen, button tapped and form sent. */
type EarlyInput =
  | ['click', HTMLElement]
  | ['submit', HTMLFormElement, HTMLElement | null]
  | ['input', Field, string]
  | ['check', HTMLInputElement, boolean]

declare global {
  interface Window {
    /** Stops keeping taps and hands over those kept (set by the page's bootstrap script). */
    shopEarlyInput?: () => EarlyInput[]
  }
}

/**
 * The bootstrap script's part (plain ES5, inline in every page): text typed or chosen in a field (not files), a box
 * ticked or an option chosen (radio), buttons that are not a form's submit button, and forms sent, are kept until the
 * app takes them. A button that stores a choice in a cookie (`data-early-cookie="name=value"`, the cookie banner's)
 * stores it at once too, as writeCookie would: the choice holds even when the shopper goes on to another page before
 * the app has started.
 * Should the app not start within 10 s (its scripts failed), a kept form is sent natively after all, as it would have
 * been without this.
 */
export const EARLY_INPUT_SCRIPT =
  '(function(){var q=[],d=document,h=function(e){var t=e.target;' +
  'if(e.type==="submit"){e.preventDefault();q.push(["submit",t,e.submitter||null]);return}' +
  'if(e.type!=="click"){if(!t||!/^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)||t.type==="file")return;' +
  'if(!/^(checkbox|radio)$/.test(t.type))q.push(["input",t,t.value]);else if(e.type==="change")q.push(["check",t,t.checked]);' +
  'return}' +
  'var b=t&&t.closest&&t.closest("button[type=button]");if(!b)return;q.push(["click",b]);' +
  'if(b.dataset.earlyCookie)d.cookie=b.dataset.earlyCookie+"; Max-Age=' +
  COOKIE_MAX_AGE_SECONDS +
  '; Path=/; SameSite=Lax"+(location.protocol==="https:"?"; Secure":"")},' +
  'k=["click","submit","input","change"],' +
  'off=function(){k.forEach(function(n){d.removeEventListener(n,h,true)})};' +
  'k.forEach(function(n){d.addEventListener(n,h,true)});' +
  'window.shopEarlyInput=function(){off();clearTimeout(g);window.shopEarlyInput=void 0;return q};' +
  'var g=setTimeout(function(){if(window.shopEarlyInput){window.shopEarlyInput=void 0;off();q.forEach(function(x){if(x[0]==="submit")x[1].submit()})}},10000)})();'

/**
 * Once hydrated: the text, choices, taps and forms the shopper gave before, replayed in order on what is on the page.
 * The bootstrap script stops keeping them at once; they are replayed just after (a microtask): called from an effect,
 * React is still committing, and it hydrates a part for an event only once it has finished.
 */
export function replayEarlyInput(): Promise<void> {
  const inputs = window.shopEarlyInput?.() ?? []
  return Promise.resolve().then(() => replay(inputs))
}

function replay(inputs: readonly EarlyInput[]) {
  inputs.forEach((input, index) => {
    if (!input[1].isConnected) return
    const later = inputs.slice(index + 1)
    // A field's last text only, a box's last state, a group's last option: what the page showed when the app took over.
    if (input[0] === 'input' && later.some((next) => next[0] === 'input' && next[1] === input[1])) return
    if (input[0] === 'check' && later.some((next) => next[0] === 'check' && sameChoice(next[1], input[1]))) return
    wake(input[1])
    if (input[0] === 'click') input[1].click()
    else if (input[0] === 'submit') input[1].requestSubmit(input[2]?.isConnected ? input[2] : undefined)
    else if (input[0] === 'input') retype(input[1], input[2])
    else recheck(input[1], input[2])
  })
}

/** The same box, or another option of the same radio group. */
const sameChoice = (a: HTMLInputElement, b: HTMLInputElement) =>
  a === b || (a.type === 'radio' && b.type === 'radio' && a.name !== '' && a.name === b.name && a.form === b.form)

/**
 * Has React hydrate the element's part now, if it has not yet: a discrete event in the part makes React hydrate it
 * at once, before handling the event. `pointercancel` is one of those, and nothing in the app listens to it.
 */
function wake(element: HTMLElement) {
  element.dispatchEvent(new Event('pointercancel', { bubbles: true }))
}

/**
 * The text set as typing would set it. React keeps its own record of a field's value (set through the element's
 * `value`) and calls onChange only when an input event finds the field's text differs from it; after hydration the
 * record may already hold the typed text. So the record is set to another text first, then the field's text is set
 * past it (the prototype's setter) and the input event sent: the app's onChange gets the typed text.
 */
function retype(field: Field, value: string) {
  if (!(field instanceof HTMLSelectElement)) field.value = value === '' ? ' ' : ''
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value)
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }))
}

/**
 * The box or option set as a tap would set it, when the app's state differs: the state it was rendered (and hydrated)
 * with is the element's default. React's record of `checked` is set to the other state, then the element is tapped:
 * the app's onChange sees the change.
 */
function recheck(box: HTMLInputElement, checked: boolean) {
  if (box.defaultChecked === checked) return
  box.checked = !checked
  box.click()
}
