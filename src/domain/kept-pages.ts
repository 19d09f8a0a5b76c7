// How a page kept by the service worker is told apart: the server names the page's entry script in a header, so a
// kept copy is shown at once only by a worker that holds that script (the build it was made with); the worker marks a
// page it answers from its copy with a Server-Timing entry, which the page can read; the app then asks the worker
// whether the network's copy differs (KEPT_PAGE_CHANGED), and fetches the page's data afresh if it does.

/** The response header naming a page's entry script (its path, e.g. '/assets/entry.client-AbC123.js'). */
export const PAGE_ENTRY_HEADER = 'x-page-entry'

/**
 * The response header with the cookie choice a page was made with ('all', 'necessary' or 'none'): a copy made
 * before the visitor chose would show the cookie banner again, so it is not shown at once after the choice.
 */
export const PAGE_CONSENT_HEADER = 'x-page-consent'

/** The Server-Timing entry on a page the service worker answered from its copy. */
export const KEPT_PAGE_TIMING = 'kept-page'

/** Whether this document was answered from the service worker's copy (PerformanceNavigationTiming.serverTiming). */
export function isKeptPage(navigation: { serverTiming?: readonly { name: string }[] } | undefined): boolean {
  return navigation?.serverTiming?.some((entry) => entry.name === KEPT_PAGE_TIMING) ?? false
}

/** The app's question to the worker, with a port for the answer `{ changed: boolean }`. */
export const KEPT_PAGE_CHANGED = 'KEPT_PAGE_CHANGED'

/**
 * The app's request, `{ type, path }`, once the visitor has made their cookie choice: the worker fetches that page
 * again and keeps it, so the next visit shows it at once, without the banner.
 */
export const REFRESH_KEPT_PAGE = 'REFRESH_KEPT_PAGE'

/**
 * The id of the header's last element: a page holds its first paint until the parser has inserted it (the document's
 * `<link rel="expect" href="#site-header-end" blocking="render">`), so a slow line never paints half a header.
 */
export const HEADER_END_ID = 'site-header-end'

/**
 * The id a page's first paint waits for instead when the worker answers it from a copy on the device (sw/rules.ts,
 * paintsParsed): no element has it, so the page paints once the parser is done (a `rel="expect"` link stops blocking
 * when parsing ends). Such a copy is parsed in a few tens of milliseconds; painted before the parser had its last
 * piece, that piece waited behind the first frame and every lazy picture near the screen the frame asked for, and the
 * load event with it. The first paint comes that parse later, with the whole page.
 */
export const PAGE_PARSED_ID = 'page-parsed'
