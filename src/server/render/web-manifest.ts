// The web app manifest of a site (served as /manifest.webmanifest on its domain): the app's name in the page's
// language, the brand's colours and icons, the language, and a start URL and scope that keep the installed app on its
// own site.
import { appName } from '../../domain/app-name.ts'
import { brandOf, intlLocaleOf } from '../../domain/locale.ts'
import type { LanguageCode } from '../../domain/language-codes.ts'
import { BRAND_THEME } from '../../domain/brands.ts'
import type { SiteRecord } from '../sites/site.directory.ts'

/** `countryName`: the site's country in the manifest's language. */
export function webManifest(
  site: SiteRecord,
  language: { code: LanguageCode; pathPrefix: string },
  countryName: string | undefined,
) {
  const brand = brandOf(site)
  const theme = BRAND_THEME[brand]
  const start = language.pathPrefix ? `/${language.pathPrefix}/` : '/'
  const icon = (size: number, purpose: 'any' | 'maskable') => ({
    src: `/icons/${brand}${purpose === 'maskable' ? '-maskable' : ''}-${size}.png`,
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose,
  })
  return {
    id: start,
    name: appName(site, countryName),
    short_name: site.brandName,
    lang: intlLocaleOf(language.code),
    start_url: `${start}?source=pwa`,
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: theme.primary,
    background_color: theme.background,
    icons: [icon(192, 'any'), icon(512, 'any'), icon(192, 'maskable'), icon(512, 'maskable')],
  }
}
