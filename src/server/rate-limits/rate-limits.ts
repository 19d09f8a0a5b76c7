// The shop's rate limits, by name: how many requests one address (IP), and one e-mail address where the request
// carries one, may make in a window. A route opts in with `config: { limit: 'stockReminder' }`; rate-limit.plugin.ts
// counts and answers 429. The README lists the same table; keep them in step.
//
// Why these numbers: people behind one address (a stable's farm network, a mobile carrier's shared address) share the
// per-IP budget, so it is generous; the per-e-mail budget is what guards one person's account or inbox, so it is
// tight. Cart creation has no e-mail and is made by the app itself, once per device and site (again only when its
// answer was lost or the cart expired), so it gets a wide per-IP window only. Gift card checks count per card number
// too: a pin must not be guessable by trying it from many addresses.

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS

export interface Window {
  max: number
  windowMs: number
}

export interface RateLimit {
  perIp: Window
  /** Counted by the request body's `emailAddress` (trimmed, lower-cased, hashed), when the body has one. */
  perEmail?: Window
  /** Counted by the request body's `giftCardNumber` (digits only, hashed), when the body has one. */
  perGiftCard?: Window
  /** Only requests whose body has this field count at all (a route that checks a card only when one is given). */
  onlyWith?: 'giftCardNumber'
}

export const RATE_LIMITS = {
  signIn: { perIp: { max: 20, windowMs: 10 * MINUTE_MS }, perEmail: { max: 10, windowMs: 15 * MINUTE_MS } },
  registration: { perIp: { max: 10, windowMs: HOUR_MS }, perEmail: { max: 3, windowMs: HOUR_MS } },
  forgotPassword: { perIp: { max: 10, windowMs: HOUR_MS }, perEmail: { max: 3, windowMs: HOUR_MS } },
  resendConfirmation: { perIp: { max: 10, windowMs: HOUR_MS }, perEmail: { max: 3, windowMs: HOUR_MS } },
  // Per address only (these bodies carry no e-mail address): a reset needs a mailed token, a change the current
  // password, so these only slow down guessing that password or flooding a new address with links.
  passwordReset: { perIp: { max: 10, windowMs: HOUR_MS } },
  passwordChange: { perIp: { max: 10, windowMs: HOUR_MS } },
  emailChange: { perIp: { max: 10, windowMs: HOUR_MS } },
  stockReminder: { perIp: { max: 30, windowMs: HOUR_MS }, perEmail: { max: 10, windowMs: HOUR_MS } },
  newsletterSignup: { perIp: { max: 10, windowMs: HOUR_MS }, perEmail: { max: 3, windowMs: HOUR_MS } },
  orderPlacement: { perIp: { max: 30, windowMs: HOUR_MS }, perEmail: { max: 10, windowMs: HOUR_MS } },
  cartCreation: { perIp: { max: 60, windowMs: 10 * MINUTE_MS } },
  // A pin is 6 digits: 10 tries per card an hour make guessing one take years, whatever the number of addresses.
  giftCardCheck: {
    perIp: { max: 30, windowMs: HOUR_MS },
    perGiftCard: { max: 10, windowMs: HOUR_MS },
    onlyWith: 'giftCardNumber',
  },
} as const satisfies Record<string, RateLimit>

export type LimitName = keyof typeof RATE_LIMITS
