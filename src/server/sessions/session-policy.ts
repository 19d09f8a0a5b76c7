// How long sessions live and what their cookie looks like: every session constant in one place (docs/sessions.md
// explains the choices).

const MINUTE_MS = 60_000
const DAY_MS = 24 * 60 * MINUTE_MS

export const SESSION_POLICY = {
  /** Random bytes in a session id: 256 bits, twice the 128 that make guessing hopeless. */
  idBytes: 32,
  /** An anonymous session ends after this long unused … */
  idleMs: 30 * DAY_MS,
  /** … and in any case this long after it was made (a cart or a preference is not worth keeping longer). */
  absoluteMs: 90 * DAY_MS,
  /** A signed-in session (after `rotate({ accountId })`) ends sooner when unused … */
  signedInIdleMs: 14 * DAY_MS,
  /** … and this long after sign-in at the latest, when the shopper signs in again. */
  signedInAbsoluteMs: 30 * DAY_MS,
  /** The sliding expiry is written at most this often per session, not on every request. */
  touchEveryMs: 5 * MINUTE_MS,
  /** Expired sessions are deleted this often (a repeating job). */
  cleanUpEveryMs: 60 * MINUTE_MS,
} as const

/**
 * The cookie: `__Host-` in production, which browsers accept only with Secure, Path=/ and no Domain, so no other
 * host or path, nor plain HTTP, can set or shadow it; plain `sid` in development and tests, served over http://.
 */
export function sessionCookie(production: boolean) {
  return {
    name: production ? '__Host-sid' : 'sid',
    options: { httpOnly: true, sameSite: 'lax', secure: production, path: '/' } as const,
  }
}
