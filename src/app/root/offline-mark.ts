// The page's first script, inline in its head (document.tsx): it marks the page while the device knows it is offline,
// before anything is painted, so that the offline notice the page carries (pwa/offline-notice.tsx) shows in the first
// paint of a page the service worker kept (pwa/dialogs.css). In the bootstrap script at the end of the body it came
// too late: the browser had often painted the page before it ran, and the notice was painted 100–200 ms later, the
// largest thing on the screen. Once the app runs, its own notice takes over.
import { createContext } from 'react'

/** Plain ES5; sets html[data-offline] while `navigator.onLine` is false, and takes it away when the device is online. */
export const OFFLINE_MARK_SCRIPT =
  '(function(){var h=document.documentElement;if(navigator.onLine!==false)return;h.setAttribute("data-offline","");' +
  'addEventListener("online",function(){h.removeAttribute("data-offline")})})();'

/** The answer's Content-Security-Policy nonce, for the document's inline script (given on the server only). */
export const ScriptNonce = createContext<string | undefined>(undefined)
