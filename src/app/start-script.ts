// The page's bootstrap script, the one script the server's HTML carries (entry.server.tsx puts it inline): it keeps
// what the shopper types and taps before the app runs (root/early-input.ts), and starts the app once the browser has
// painted the page. The tests and the benchmark read a page's modules back from it (startedModules).
import { EARLY_INPUT_SCRIPT } from './root/early-input.ts'

/** JSON for a script in the page: nothing in it can end the script or be read as HTML. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)

/**
 * Starts the app once the browser has painted the page: its modules (the entry first) are preloaded, all at once, and
 * the entry imported. Before that paint nothing competes with it: on a thin line the scripts' 160 KB would share the
 * pipe with the HTML that holds the page's text and with the first screen's pictures, and evaluating them would hold
 * the paint on a slow phone. A page opened in a background tab gets no animation frame until it is shown: it starts
 * at once.
 */
export const startScript = (modules: readonly string[]) =>
  EARLY_INPUT_SCRIPT +
  `(function(){var m=${scriptJson(modules)},s=function(){m.forEach(function(h){` +
  `var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)});` +
  `import(m[0])};` +
  `document.visibilityState==="hidden"?s():requestAnimationFrame(function(){setTimeout(s,0)})})();`

/** The modules a page's bootstrap script loads, the entry first (none when the page has no such script). */
export function startedModules(html: string): string[] {
  const list = /\(function\(\)\{var m=(\[[^\]]*\])/.exec(html)?.[1]
  return list ? (JSON.parse(list) as string[]) : []
}
