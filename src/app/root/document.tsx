// The HTML document around every page. React renders the whole document, so <title>, <meta> and <link> that pages
// render are placed in <head> (React 19 hoisting) both on the server and in the browser.
import { useContext, type ReactNode } from 'react'
import type { Brand } from '../../domain/locale.ts'
import { intlLocaleOf } from '../../domain/locale.ts'
import type { LanguageCode } from '../../domain/language-codes.ts'
import { BRAND_THEME } from '../../domain/brands.ts'
import { HEADER_END_ID } from '../../domain/kept-pages.ts'
import { OFFLINE_MARK_SCRIPT, ScriptNonce } from './offline-mark.ts'

/** `appName`: the installed app's name (the manifest's), also for browsers that take it from the page. */
export function Document({
  brand,
  language,
  appName,
  children,
}: {
  brand: Brand
  language: LanguageCode
  appName?: string
  children: ReactNode
}) {
  const nonce = useContext(ScriptNonce)
  return (
    <html lang={intlLocaleOf(language)} data-brand={brand}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content={BRAND_THEME[brand].primary} />
        <link rel="manifest" href={`/manifest.webmanifest?language=${language}`} />
        {appName && <meta name="application-name" content={appName} />}
        {appName && <meta name="apple-mobile-web-app-title" content={appName} />}
        <link rel="icon" href={`/icons/${brand}.svg`} type="image/svg+xml" />
        <link rel="apple-touch-icon" href={`/icons/${brand}-apple-touch-180.png`} />
        {/* No first paint of half a header: on a slow line the parser can stop anywhere, and every part of the bar
            that arrives later would push the ones before it aside. The header is in the first few KB, so this costs
            a moment at most; a page without it (the bare error page) paints once parsed. Chromium only. A page the
            worker answers from its copy on the device paints once parsed whole (sw/rules.ts, paintsParsed). */}
        <link rel="expect" href={`#${HEADER_END_ID}`} blocking="render" />
        {/* Before the first paint: marks a page opened offline (offline-mark.ts). */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: OFFLINE_MARK_SCRIPT }} />
      </head>
      <body>{children}</body>
    </html>
  )
}
