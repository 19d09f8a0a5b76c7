// The account area's and the checkout's pages need the account part of the texts (src/domain/text-parts.ts). Their
// lazy route modules are wrapped so the route loads that part with its module: on a first page before hydration, and
// on a navigation before the page renders. The browser's start provides the loader; on the server (which has every
// text) there is none and the wrapper adds nothing.
import type { i18n } from 'i18next'
import type { Locale } from '../../domain/locale.ts'
import { textsOf, type LocaleBundle } from './i18n.ts'

let loader: (() => Promise<void>) | undefined

/** Called once by the browser's start: loads the account part for the languages in use. */
export function provideAccountTexts(load: () => Promise<void>): void {
  loader = load
}

/** The handle of a route whose page needs the account part: the server preloads it for such a page. */
export interface AccountTextsHandle {
  accountTexts?: boolean
}

/** A route whose page needs the account part: marked so in its handle, its lazy module resolved once the part is in. */
export function withAccountTexts<R extends { handle?: object; lazy: () => Promise<object> }>(route: R): R {
  const { lazy } = route
  return {
    ...route,
    handle: { ...route.handle, accountTexts: true },
    lazy: async () => {
      const [module] = await Promise.all([lazy(), loader?.()])
      return module
    },
  }
}

export const needsAccountTexts = (matches: readonly { route: { handle?: unknown } }[]): boolean =>
  matches.some((match) => (match.route.handle as AccountTextsHandle | undefined)?.accountTexts === true)

/**
 * The browser's account texts: each language's account part loaded once and added on top of its first part. A load
 * that failed (offline, not yet kept by the service worker) is tried again by the next page that needs it.
 */
export function accountTextsOf(texts: i18n, first: Locale, load: (locale: Locale) => Promise<LocaleBundle>) {
  const adding = new Map<string, Promise<void>>()
  const locales = new Map([[first.language, first]])
  const add = (locale: Locale): Promise<void> => {
    let added = adding.get(locale.language)
    if (!added) {
      added = load(locale).then((bundle) => {
        texts.addResourceBundle(locale.language, 'translation', textsOf(bundle), true, true)
      })
      added.catch(() => adding.delete(locale.language))
      adding.set(locale.language, added)
    }
    return added
  }
  return {
    /** Every language in use: what a page of the account area or the checkout waits for (provideAccountTexts). */
    all: async () => {
      await Promise.all([...locales.values()].map(add))
    },
    /** A language the shop switched to: its account part too, once any language has one. */
    switchedTo: async (locale: Locale) => {
      locales.set(locale.language, locale)
      if (adding.size > 0) await add(locale)
    },
    /** One language's account part. */
    add,
  }
}
