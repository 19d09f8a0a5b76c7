// The cookie choice in the browser: the choice itself is a cookie on the current host for a year (reading it is in
// src/domain/cookies.ts, shared with the server).
import { atom } from 'jotai'
import { CONSENT_COOKIE, type Consent } from '../../domain/cookies.ts'
import { writeCookie } from '../ui/cookies.ts'

/** The visitor's choice; `undefined` until read in the browser (the server never shows the banner). */
export const consentAtom = atom<Consent | null | undefined>(undefined)

export function storeConsent(consent: Consent): void {
  writeCookie(CONSENT_COOKIE, consent)
}
