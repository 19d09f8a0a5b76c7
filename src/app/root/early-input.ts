// A tap between the first paint and hydration: the page is on screen before the app runs (the server's HTML paints
// first, see start-script.ts), so a shopper on a slow phone may tap a button or send a form before
// React listens, or type into a field whose text hydration would then reset to the app's (empty) state. The page's
// bootstrap script (EARLY_INPUT_SCRIPT) keeps what was typed, tapped and sent, holding back a form's native submission;
// once hydrated, the app replays it in order (replayEarlyInput). Links need nothing: they work natively.
// Not covered: a submit button tapped while React is hydrating (after hydrateRoot, before the form is hydrated). React
// takes that tap and replays the click once hydrated, but not the form's sending; the shopper taps again.

import { COOKIE_MAX_AGE_SECONDS } from '../../domain/cookies.ts'

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement
/** What the bootstrap script hands over, in order: each text typed, button tapped and form sent. */
type EarlyInput = ['click', HTMLElement] | ['submit', HTMLFormElement, HTMLElement | null] | ['input', Field, string]

declare global {
  interface Window {
    /** Stops keeping taps and hands over those kept (set by the page's bootstrap script). */
    shopEarlyInput?: () => EarlyInput[]
  }
}

/**
 * The bootstrap script's part (plain ES5, inline in every page): text typed or chosen in a field (not boxes, radios or
 * files), buttons that are not a form's submit button, and forms sent, are kept until the app takes them. A button
 * that stores a choice in a cookie (`data-early-cookie="name=value"`, the cookie banner's) stores it at once too, as
 * writeCookie would: the choice holds even when the shopper goes on to another page before the app has started.
 * Should the app not start within 10 s (its scripts failed), a kept form is sent natively after all, as it would have
 * been without this.
 */
export const EARLY_INPUT_SCRIPT =
  '(function(){var q=[],d=document,h=function(e){var t=e.target;' +
  'if(e.type==="submit"){e.preventDefault();q.push(["submit",t,e.submitter||null]);return}' +
  'if(e.type!=="click"){if(t&&/^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)&&!/^(checkbox|radio|file)$/.test(t.type))' +
  'q.push(["input",t,t.value]);return}' +
  'var b=t&&t.closest&&t.closest("button[type=button]");if(!b)return;q.push(["click",b]);' +
  'if(b.dataset.earlyCookie)d.cookie=b.dataset.earlyCookie+"; Max-Age=' +
  COOKIE_MAX_AGE_SECONDS +
  '; Path=/; SameSite=Lax"+(location.protocol==="https:"?"; Secure":"")},' +
  'k=["click","submit","input","change"],' +
  'off=function(){k.forEach(function(n){d.removeEventListener(n,h,true)})};' +
  'k.forEach(function(n){d.addEventListener(n,h,true)});' +
  'window.shopEarlyInput=function(){off();clearTimeout(g);window.shopEarlyInput=void 0;return q};' +
  'var g=setTimeout(function(){if(window.shopEarlyInput){window.shopEarlyInput=void 0;off();q.forEach(function(x){if(x[0]==="submit")x[1].submit()})}},10000)})();'

/** Once hydrated: the text, taps and forms the shopper gave before, replayed in order on what is still on the page. */
export function replayEarlyInput(): void {
  const inputs = window.shopEarlyInput?.() ?? []
  inputs.forEach((input, index) => {
    if (!input[1].isConnected) return
    if (input[0] === 'click') input[1].click()
    else if (input[0] === 'submit') input[1].requestSubmit(input[2]?.isConnected ? input[2] : undefined)
    // A field's last text only, set as typing would set it, so React's onChange takes it into the app's state.
    else if (!inputs.slice(index + 1).some((later) => later[0] === 'input' && later[1] === input[1])) retype(input)
  })
}

function retype([, field, value]: ['input', Field, string]) {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value)
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }))
}
