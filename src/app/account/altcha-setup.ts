// oxlint-disable-next-line typescript/triple-slash-reference -- ambient typings for three untyped text modules
/// <reference path="./altcha-i18n.d.ts" />
// The ALTCHA widget (a web component, v3), loaded only by the pages with a captcha (sign-in, resend confirmation).
// The `external` build, so nothing needs more of the page's Content-Security-Policy than 'self': its stylesheet is a
// file of the build (not a <style> it would write), and its proof-of-work runs in worker files of the build (not
// blob: workers). Only the PBKDF2 and SHA algorithms are registered: Argon2 and scrypt would need WebAssembly, which
// the policy does not allow ('wasm-unsafe-eval'), and the server's challenges use PBKDF2 (src/server/captcha/).
import 'altcha/external'
import 'altcha/altcha.css'
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker'
import ShaWorker from 'altcha/workers/sha?worker'
import type { LanguageCode } from '../../domain/language-codes.ts'

const registry = (globalThis as unknown as { $altcha: { algorithms: Map<string, () => Worker> } }).$altcha
for (const name of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512'])
  registry.algorithms.set(name, () => new Pbkdf2Worker())
for (const name of ['SHA-256', 'SHA-384', 'SHA-512']) registry.algorithms.set(name, () => new ShaWorker())

/** The widget's own texts in every language of the shop (each its own small chunk), by the key it registers. */
const TEXTS: Record<LanguageCode, [string, () => Promise<unknown>]> = {
  cs: ['cs', () => import('altcha/i18n/cs')],
  da: ['da', () => import('altcha/i18n/da')],
  de: ['de', () => import('altcha/i18n/de')],
  'de-AT': ['de', () => import('altcha/i18n/de')],
  en: ['en', () => import('altcha/i18n/en')],
  es: ['es-es', () => import('altcha/i18n/es-es')],
  et: ['et', () => import('altcha/i18n/et')],
  'fr-BE': ['fr-fr', () => import('altcha/i18n/fr-fr')],
  'fr-FR': ['fr-fr', () => import('altcha/i18n/fr-fr')],
  it: ['it', () => import('altcha/i18n/it')],
  'nl-BE': ['nl', () => import('altcha/i18n/nl')],
  nl: ['nl', () => import('altcha/i18n/nl')],
  pl: ['pl', () => import('altcha/i18n/pl')],
  pt: ['pt-pt', () => import('altcha/i18n/pt-pt')],
  sv: ['sv', () => import('altcha/i18n/sv')],
}

/** Makes the widget's texts in `language` ready; the widget's key for them (`language` attribute). */
export async function altchaLanguage(language: LanguageCode): Promise<string> {
  const [key, load] = TEXTS[language] ?? TEXTS.en
  await load()
  return key
}
