// The browser loads a language's texts in two parts (each a chunk of its own, see vite.config.ts): the texts every
// page may show, and those only the account area and the checkout show. A first page on a slow line then carries
// about 8 KB (gzip) less. The server keeps every text; the mails' words are the server's alone.

/**
 * Groups of texts only the account area, the checkout, the feed calculator and the dealer finder show
 * (src/app/account/, checkout/, advice/, dealers/): the second part, loaded with those pages and kept for offline use once a page is idle.
 */
export const ACCOUNT_TEXT_GROUPS: readonly string[] = [
  'account',
  'checkout',
  'dealers',
  'feedCalculator',
  'invoice',
  'payments',
]
/** Groups only the server uses: the browser's parts leave them out. */
export const SERVER_ONLY_TEXT_GROUPS: readonly string[] = ['mail']

export type TextPart = 'first' | 'account'
export const TEXT_PARTS: readonly TextPart[] = ['first', 'account']

/** The import query that asks for one part of a locale file: `locales/nl.json?part=account`. */
export const textPartQuery = (part: TextPart) => `?part=${part}`

/** One part of a locale file's texts (top-level groups). */
export function textsPart<T extends Record<string, unknown>>(texts: T, part: TextPart): Partial<T> {
  const inPart = (group: string) =>
    !SERVER_ONLY_TEXT_GROUPS.includes(group) && ACCOUNT_TEXT_GROUPS.includes(group) === (part === 'account')
  return Object.fromEntries(Object.entries(texts).filter(([group]) => inPart(group))) as Partial<T>
}
