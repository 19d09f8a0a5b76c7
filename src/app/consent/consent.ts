// Cookie consent (SPEC §9): the choice is a cookie on the current host for 365 days. 'all' allows measuring
// (the tag manager); 'necessary' does not. A corrupt cookie counts as no choice, so the banner asks again.
import { atom } from 'jotai'
import { readCookie, writeCookie } from '../ui/cookies.ts'

export const CONSENT_COOKIE = 'consent'
export type Consent = 'all' | 'necessary'

export function consentFrom(cookieHeader: string): Consent | null {
  const value = readCookie(cookieHeader, CONSENT_COOKIE)
  return value === 'all' || value === 'necessary' ? value : null
}

/** The visitor's choice; `undefined` until read in the browser (the server never shows the banner). */
export const consentAtom = atom<Consent | null | undefined>(undefined)

export function storeConsent(consent: Consent): void {
  writeCookie(CONSENT_COOKIE, consent)
}
