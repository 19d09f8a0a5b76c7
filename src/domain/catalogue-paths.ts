import type { LanguageCode } from './language-codes.ts'

// Paths of the app's own pages per language (search, comparison, cart, feed calculator), as plain values: the header needs them on
// every page.

/** The search page's path word per language. */
export const SEARCH_SLUGS: Record<LanguageCode, string> = {
  cs: 'hledat',
  da: 'soeg',
  de: 'suche',
  'de-AT': 'suche',
  en: 'search',
  es: 'buscar',
  et: 'otsi',
  'fr-BE': 'recherche',
  'fr-FR': 'recherche',
  it: 'cerca',
  'nl-BE': 'zoeken',
  nl: 'zoeken',
  pl: 'szukaj',
  pt: 'pesquisa',
  sv: 'sok',
}

/**
 * The comparison page is at /vergelijken/ with the aliases /confronto/, /vergleichen/, /sammenlign/ and /compare/;
 * the path word is translated per language (jamfor, comparar, porównaj appear too). Every word opens the same screen
 * on every site; links use the language's own word.
 */
export const COMPARE_SLUGS: Record<LanguageCode, string> = {
  cs: 'porovnat',
  da: 'sammenlign',
  de: 'vergleichen',
  'de-AT': 'vergleichen',
  en: 'compare',
  es: 'comparar',
  et: 'vordle',
  'fr-BE': 'comparer',
  'fr-FR': 'comparer',
  it: 'confronto',
  'nl-BE': 'vergelijken',
  nl: 'vergelijken',
  pl: 'porownaj',
  pt: 'comparar',
  sv: 'jamfor',
}

export const COMPARE_PATH_WORDS = [...new Set(Object.values(COMPARE_SLUGS))]

/**
 * The cart's path word per language: the word the page itself uses, so the address reads as the header does. Like
 * the comparison, every word opens the cart on every site, and /cart/ stays an alias for the links and bookmarks made
 * before.
 */
export const CART_SLUGS: Record<LanguageCode, string> = {
  cs: 'kosik',
  da: 'indkoebskurv',
  de: 'warenkorb',
  'de-AT': 'warenkorb',
  en: 'cart',
  es: 'cesta',
  et: 'ostukorv',
  'fr-BE': 'panier',
  'fr-FR': 'panier',
  it: 'carrello',
  'nl-BE': 'winkelmandje',
  nl: 'winkelwagen',
  pl: 'koszyk',
  pt: 'carrinho',
  sv: 'varukorg',
}

export const CART_PATH_WORDS = [...new Set(['cart', ...Object.values(CART_SLUGS)])]

/** The feed calculator's path word per language: links use the language's own word, every word opens it on every site. */
export const FEED_CALCULATOR_SLUGS: Record<LanguageCode, string> = {
  cs: 'krmna-kalkulacka',
  da: 'foderberegner',
  de: 'futterrechner',
  'de-AT': 'futterrechner',
  en: 'feed-calculator',
  es: 'calculadora-de-pienso',
  et: 'soodakalkulaator',
  'fr-BE': 'calculateur-de-ration',
  'fr-FR': 'calculateur-de-ration',
  it: 'calcolatore-mangime',
  'nl-BE': 'voercalculator',
  nl: 'voercalculator',
  pl: 'kalkulator-paszy',
  pt: 'calculadora-de-racao',
  sv: 'foderkalkylator',
}
export const FEED_CALCULATOR_PATH_WORDS = [...new Set(Object.values(FEED_CALCULATOR_SLUGS))]

/**
 * The roughage scan result page's path word per language (the routing kind 'roughage result by key'): a result opens
 * at /<word>/<rqs|qs>/<key>/, the key being 32 hex digits (128 random bits) that only the mailed link carries.
 */
export const ROUGHAGE_RESULT_SLUGS: Record<LanguageCode, string> = {
  cs: 'vysledek-rozboru',
  da: 'grovfoder-resultat',
  de: 'raufutter-ergebnis',
  'de-AT': 'raufutter-ergebnis',
  en: 'roughage-result',
  es: 'resultado-forraje',
  et: 'koresoodi-tulemus',
  'fr-BE': 'resultat-fourrage',
  'fr-FR': 'resultat-fourrage',
  it: 'risultato-foraggio',
  'nl-BE': 'ruwvoeruitslag',
  nl: 'ruwvoeruitslag',
  pl: 'wynik-analizy',
  pt: 'resultado-forragem',
  sv: 'grovfoder-resultat',
}
export const ROUGHAGE_RESULT_PATH_WORDS = [...new Set(Object.values(ROUGHAGE_RESULT_SLUGS))]
export const RESULT_KEY_PATTERN = /^[0-9a-f]{32}$/

/** The result page of a scan result in a language: '/ruwvoeruitslag/rqs/<key>/', '/fr/resultat-fourrage/qs/<key>/'. */
export const roughageResultPath = (prefix: string, language: LanguageCode, scanType: 'rqs' | 'qs', key: string) =>
  `${localPath(prefix, ROUGHAGE_RESULT_SLUGS[language])}${scanType}/${key}/`

/** The scan result a path names (any language's word, with or without a prefix), or null. */
export function roughageResultOfPath(path: string): { scanType: 'rqs' | 'qs'; key: string } | null {
  const match = /^(?:\/[a-z]{2})?\/([a-z-]+)\/(rqs|qs)\/([0-9a-f]{32})\/$/.exec(path)
  if (!match || !ROUGHAGE_RESULT_PATH_WORDS.includes(match[1]!)) return null
  return { scanType: match[2] as 'rqs' | 'qs', key: match[3]! }
}

/** The app's own pages by route name, with their path word per language (the switcher and hreflang links use them). */
export const APP_PAGE_SLUGS: Readonly<Record<string, Record<LanguageCode, string>>> = {
  cart: CART_SLUGS,
  compare: COMPARE_SLUGS,
  'feed-calculator': FEED_CALCULATOR_SLUGS,
  // The dealer finder is /store-locator/ in every language (spec §2).
  dealer: Object.fromEntries(Object.keys(FEED_CALCULATOR_SLUGS).map((code) => [code, 'store-locator'])) as Record<
    LanguageCode,
    string
  >,
}

/** The app pages' path words per language, the words that are the same in all of them, and every word. */
const WORDS_PER_LANGUAGE = [COMPARE_SLUGS, CART_SLUGS, FEED_CALCULATOR_SLUGS, ROUGHAGE_RESULT_SLUGS] as const
const WORDS_OF_ALL = ['cart', 'store-locator'] as const
const EVERY_APP_WORD = new Set([
  ...COMPARE_PATH_WORDS,
  ...CART_PATH_WORDS,
  ...FEED_CALCULATOR_PATH_WORDS,
  ...ROUGHAGE_RESULT_PATH_WORDS,
])

/**
 * The path words of the app's own pages in these languages (a site's), with those every language shares. Every
 * language's word opens its page on every site; these are the ones the site's own links use.
 */
export function appPageWordsOf(languages: readonly LanguageCode[]): Set<string> {
  return new Set([...WORDS_OF_ALL, ...WORDS_PER_LANGUAGE.flatMap((slugs) => languages.map((code) => slugs[code]))])
}

/** Whether a path names an app page by a word outside `words` (a word of another language than the site's). */
export function namesOtherAppWord(path: string, words: ReadonlySet<string>): boolean {
  // The word is the first segment, or the second after a language prefix ('/fr/panier/').
  const [first, second] = path.split('/').filter(Boolean)
  return [first, second].some((segment) => segment !== undefined && EVERY_APP_WORD.has(segment) && !words.has(segment))
}

/** The home page of a language (its path prefix, or none). */
export const homePath = (prefix: string) => (prefix ? `/${prefix}/` : '/')

/** A path on a site in a language: '/zoeken/', or '/fr/recherche/' under a language prefix. */
export function localPath(prefix: string, slug: string): string {
  return prefix ? `/${prefix}/${slug}/` : `/${slug}/`
}
