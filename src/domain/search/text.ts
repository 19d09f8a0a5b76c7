// Text for search, the same on the server and offline in the browser: normalised (case, accents), split into words,
// and reduced to a light stem per language so 'brokken' finds 'brok' and 'Pferde' finds 'Pferd'.
import type { LanguageCode } from '../language-codes.ts'

const FOLD: Record<string, string> = { ß: 'ss', æ: 'ae', ø: 'o', œ: 'oe', ł: 'l', đ: 'd', þ: 'th' }

/** Lower case without accents: 'Müsli' → 'musli', 'Ærø' → 'aero'. */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(/[ßæøœłđþ]/g, (c) => FOLD[c] ?? c)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
}

/** Words of a text, folded; anything that is not a letter or digit separates words. At most 64 words. */
export function words(text: string): string[] {
  return fold(text.slice(0, 2000))
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0 && word.length <= 40)
    .slice(0, 64)
}

/** Inflection endings per language, longest first; a stem keeps at least three letters. */
const ENDINGS: Record<string, string[]> = {
  nl: ['etjes', 'tjes', 'jes', 'tje', 'je', 'en', 's', 'e'],
  de: ['ern', 'em', 'en', 'er', 'es', 'e', 'n', 's'],
  da: ['erne', 'ene', 'ers', 'er', 'en', 'et', 'e'],
  sv: ['orna', 'arna', 'erna', 'or', 'ar', 'er', 'en', 'et', 'na', 'a', 'e'],
  en: ['ies', 'ing', 'es', 'ed', 's'],
  fr: ['aux', 'es', 's', 'x', 'e'],
  es: ['es', 's'],
  pt: ['oes', 'aes', 'es', 's'],
  it: ['i', 'e', 'a', 'o'],
  pl: ['ami', 'ach', 'owi', 'ow', 'om', 'y', 'i', 'a', 'e', 'u', 'o'],
  cs: ['ami', 'ech', 'ove', 'um', 'y', 'i', 'a', 'e', 'u', 'o'],
  et: ['dele', 'tele', 'de', 'te', 'st', 'd', 't'],
}

const MIN_STEM = 3

function family(language: LanguageCode): string {
  return language.slice(0, 2)
}

function stripOnce(word: string, endings: string[]): string {
  for (const ending of endings)
    if (word.length - ending.length >= MIN_STEM && word.endsWith(ending)) return word.slice(0, -ending.length)
  return word
}

/** Dutch: 'dekens' → 'deken' → 'dek'; 'brokken' → 'brok' (doubled consonant); 'hoeven' → 'hoef', 'huizen' → 'huis'. */
function dutchStem(word: string): string {
  let base = stripOnce(stripOnce(word, ENDINGS.nl!), ENDINGS.nl!)
  if (base !== word) {
    base = base.replace(/([bcdfgklmnprt])\1$/, '$1')
    base = base.replace(/v$/, 'f').replace(/z$/, 's')
  }
  return base
}

/** The stem of a folded word in a language. */
export function stem(word: string, language: LanguageCode): string {
  if (/^\d+$/.test(word)) return word
  const lang = family(language)
  if (lang === 'nl') return dutchStem(word)
  const base = stripOnce(word, ENDINGS[lang] ?? [])
  // English 'ies' → 'y' (supplies → supply).
  return lang === 'en' && word.endsWith('ies') && base.length === word.length - 3 ? `${base}y` : base
}

/** Stems of a text in a language. */
export function terms(text: string, language: LanguageCode): string[] {
  return words(text).map((word) => stem(word, language))
}
