// Reading the shop's cookies, the same on the server (the Cookie header) and in the browser (document.cookie).

/** Cookies of the shop last 365 days and belong to the current host: no Domain attribute. */
export const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60

/** A cookie's decoded value from a Cookie header (or document.cookie); null when absent or not decodable. */
export function readCookie(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const index = part.indexOf('=')
    if (index < 0 || part.slice(0, index).trim() !== name) continue
    try {
      return decodeURIComponent(part.slice(index + 1).trim())
    } catch {
      return null
    }
  }
  return null
}

/** The visitor's cookie choice: 'all' allows measuring (the tag manager), 'necessary' does not. */
export const CONSENT_COOKIE = 'consent'
export type Consent = 'all' | 'necessary'

/** The choice in a Cookie header; a corrupt or missing cookie counts as no choice, so the banner asks again. */
export function consentFrom(cookieHeader: string): Consent | null {
  const value = readCookie(cookieHeader, CONSENT_COOKIE)
  return value === 'all' || value === 'necessary' ? value : null
}
