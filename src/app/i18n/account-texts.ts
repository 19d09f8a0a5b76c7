// The account area's and the checkout's pages need the account part of the texts (src/domain/text-parts.ts). Their lazy route
// modules are wrapped so the route loads that part with its module: on a first page before hydration, and on a
// navigation before the page renders. The browser's start provides the loader; on the server (which has every text)
// there is none and the wrapper adds nothing.

let loader: (() => Promise<void>) | undefined

/** Called once by the browser's start: loads the account part for the languages in use. */
export function provideAccountTexts(load: () => Promise<void>): void {
  loader = load
}

/** A route's lazy module, resolved once the account part of the texts is in too. */
export function withAccountTexts<T>(lazy: () => Promise<T>): () => Promise<T> {
  return async () => {
    const [module] = await Promise.all([lazy(), loader?.()])
    return module
  }
}

/** The handle of a route whose page needs the account part (routes.tsx): the server preloads it for such a page. */
export interface AccountTextsHandle {
  accountTexts?: boolean
}

export const needsAccountTexts = (matches: readonly { route: { handle?: unknown } }[]): boolean =>
  matches.some((match) => (match.route.handle as AccountTextsHandle | undefined)?.accountTexts === true)
