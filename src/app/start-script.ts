// The page's bootstrap script, the one script the server's HTML carries (entry.server.tsx puts it inline): it keeps
// what the shopper types and taps before the app runs (root/early-input.ts), and starts the app once the browser has
// painted the page. The tests and the benchmark read a page's modules back from it (startedModules).
import { EARLY_INPUT_SCRIPT } from './root/early-input.ts'

/** JSON for a script in the page: nothing in it can end the script or be read as HTML. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)

/** How long the app waits for the first contentful paint before it starts anyway. */
export const START_FALLBACK_MS = 3000

/**
 * Starts the app once the browser has painted the page's content: its modules (the entry first) are preloaded, all at
 * once, and the entry imported. Before that paint nothing competes with it: on a thin line the scripts' 130 KB would
 * share the pipe with the HTML that holds the page's text and with the first screen's pictures, and evaluating them
 * would hold the paint on a slow phone.
 *
 * An animation frame alone is no proof of a paint: Chromium may run frames before it paints any content (seen in
 * Lighthouse's traces, the modules requested 60 ms before the first contentful paint), so the script waits for the
 * `first-contentful-paint` entry, then for the frame after it. Where paint timing is missing it waits for a frame;
 * should no paint be reported, it starts after START_FALLBACK_MS. A page opened in a background tab gets no paint
 * until it is shown: it starts at once.
 */
export const startScript = (modules: readonly string[]) =>
  EARLY_INPUT_SCRIPT +
  `(function(){var m=${scriptJson(modules)},d=0,s=function(){if(d)return;d=1;m.forEach(function(h){` +
  `var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)});` +
  `import(m[0])},a=function(){requestAnimationFrame(function(){setTimeout(s,0)})},` +
  `P=window.PerformanceObserver,t=P&&P.supportedEntryTypes;` +
  `if(document.visibilityState==="hidden")return s();` +
  `if(!t||t.indexOf("paint")<0)return a();` +
  `var o=new P(function(l){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();a()}});` +
  `o.observe({type:"paint",buffered:true});setTimeout(s,${START_FALLBACK_MS})})();`

/** The modules a page's bootstrap script loads, the entry first (none when the page has no such script). */
export function startedModules(html: string): string[] {
  const list = /\(function\(\)\{var m=(\[[^\]]*\])/.exec(html)?.[1]
  return list ? (JSON.parse(list) as string[]) : []
}
