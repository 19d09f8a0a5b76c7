import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useMatches } from 'react-router'
import { APP_PAGE_SLUGS } from '../../domain/catalogue-paths.ts'
import { CULTURES, LANGUAGE_CODES, type LanguageCode } from '../../domain/language-codes.ts'
import type { Alternate } from '../../domain/routing.ts'
import { useServices } from '../services.tsx'
import { whenIdle } from '../when-idle.ts'
import type { SwitcherOption } from '../root/root.data.ts'
import { rememberLocalizationChoice } from './localization-cookie.ts'
import { brandGroups } from './switcher-groups.ts'
import { GlobeIcon } from '../ui/icons.tsx'

/**
 * The country and language switcher: "country name - language name" for every site and language, under
 * the brand of each site (one country can have shops of two brands). Each entry goes to the same page on the other
 * site when it has one (the alternates of the current path), else to that site's home page. Switching is a full page
 * load: another site is another origin with its own texts.
 */
/** An app page's address on the site and in the language of a switcher option (its home page without a word). */
export function appPageHref(option: SwitcherOption, slugs: Record<LanguageCode, string>): string {
  const code = LANGUAGE_CODES.find((c) => CULTURES[c] === option.hreflang)
  return code ? `${option.href}${slugs[code]}/` : option.href
}

export function LocalizationSwitcher({ options }: { options: SwitcherOption[] }) {
  const { t } = useTranslation()
  const id = useId()
  const { api } = useServices()
  const { pathname } = useLocation()
  const handle = useMatches().at(-1)?.handle as { routeName?: string; alternates?: false } | undefined
  const routeName = handle?.routeName
  // A page of one visitor (a scan result by its key) has no counterpart: each option leads to its site's home page.
  const noAlternates = handle?.alternates === false
  const [alternates, setAlternates] = useState<Alternate[]>([])
  const appSlugs = routeName ? APP_PAGE_SLUGS[routeName] : undefined
  const appRoute = appSlugs !== undefined

  useEffect(() => {
    // The app's own pages (cart, comparison, feed calculator) are no pages of the routing table: linked directly below.
    if (appRoute || noAlternates) return
    const controller = new AbortController()
    // Until they come the options lead to each site's home page; nobody needs them before the page is in.
    const cancel = whenIdle(() => {
      api.alternates(pathname, controller.signal).then(setAlternates, () => setAlternates([]))
    })
    return () => {
      cancel()
      controller.abort()
    }
  }, [api, pathname, appRoute, noAlternates])

  const hrefOf = (option: SwitcherOption) => {
    if (appSlugs) return appPageHref(option, appSlugs)
    return alternates.find((a) => a.siteId === option.siteId && a.languageId === option.languageId)?.url ?? option.href
  }

  const current = options.find((option) => option.current)
  return (
    <section className="localization-switcher" aria-labelledby={id}>
      <h2 id={id}>{t('localization.switcher')}</h2>
      <details>
        <summary className="localization-switcher__toggle">
          <GlobeIcon className="localization-switcher__icon" />
          <span>{t('localization.choose')}</span>
          {current && (
            <span className="localization-switcher__current">({t('localization.option', current.label)})</span>
          )}
        </summary>
        <div className="localization-switcher__brands">
          {brandGroups(options).map((group) => (
            <div key={group.brand} className="localization-switcher__brand">
              <h3 id={`${id}-${group.brand}`}>{group.brandName}</h3>
              <ul aria-labelledby={`${id}-${group.brand}`}>
                {group.options.map((option) => (
                  <li key={`${option.siteId}-${option.languageId}`}>
                    <a
                      href={hrefOf(option)}
                      hrefLang={option.hreflang}
                      aria-current={option.current ? 'true' : undefined}
                      aria-label={t('localization.optionOfBrand', { ...option.label, brand: group.brandName })}
                      onClick={() => rememberLocalizationChoice()}
                    >
                      {t('localization.option', option.label)}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </details>
    </section>
  )
}
