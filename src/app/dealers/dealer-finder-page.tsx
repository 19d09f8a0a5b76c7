// The dealer finder at /store-locator/ (spec §2): the site's title for it, a search by postcode or town (a GET form:
// it works before the scripts and a link keeps a search) or by the device's position (asked only on a tap), the
// nearest dealers with distance, address, phone, opening hours, what they stock and a route link, on a map. The
// search is the domain's (src/domain/dealers.ts) over the dealers from the server or, offline, the device's copy.
import './dealers.css'
import { lazy, Suspense, useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLoaderData, useSearchParams } from 'react-router'
import {
  DEALER_FINDER_PATH,
  DealerSearchSchema,
  routeLink,
  searchDealers,
  type FoundDealer,
} from '../../domain/dealers.ts'
import { localPath } from '../../domain/catalogue-paths.ts'
import { intlLocaleOf } from '../../domain/locale.ts'
import { FreshnessNote } from '../catalogue/freshness-note.tsx'
import { useHydrated } from '../catalogue/use-hydrated.ts'
import { PageHead } from '../content/page-head.tsx'
import { PageHeading } from '../navigation/page-heading.tsx'
import { useRootData } from '../root/use-root-data.ts'
import { AppLink } from '../ui/app-link.tsx'
import { keepOnDevice, type DealerFinderData } from './dealer-finder.data.ts'

const DealerMap = lazy(async () => ({ default: (await import('./dealer-map.tsx')).DealerMap }))

export function Component() {
  const { t } = useTranslation()
  const { directory, freshness, groupNames } = useLoaderData<DealerFinderData>()
  const { site, language } = useRootData()
  const [params, setParams] = useSearchParams()
  const hydrated = useHydrated()
  const ids = useId()
  const [locating, setLocating] = useState<'no' | 'asking' | 'denied'>('no')
  const query = params.get('q') ?? ''
  const search = DealerSearchSchema.safeParse(
    params.has('lat') ? { lat: params.get('lat'), lon: params.get('lon') } : { q: query },
  )
  const result = directory && search.success ? searchDealers(directory, search.data) : null
  const path = localPath(language.pathPrefix, DEALER_FINDER_PATH)
  const title = site.dealerPageTitle || t('dealers.title')

  // Fresh from the server (no "as of"): kept on the device for a search without a connection.
  useEffect(() => {
    if (directory && !freshness) void keepOnDevice(site.siteId, directory).catch(() => undefined)
  }, [directory, freshness, site.siteId])

  const locate = () => {
    setLocating('asking')
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating('no')
        setParams(
          { lat: position.coords.latitude.toFixed(4), lon: position.coords.longitude.toFixed(4) },
          { preventScrollReset: true },
        )
      },
      () => setLocating('denied'),
      { maximumAge: 600_000, timeout: 15_000 },
    )
  }

  return (
    <article className="dealer-finder">
      <PageHead title={`${title} | ${site.brandName}`} description={t('dealers.intro')} path={path} />
      <PageHeading>{title}</PageHeading>
      <p>{t('dealers.intro')}</p>
      <FreshnessNote freshness={freshness} />
      <form className="dealer-finder__search" method="get" action={path} role="search">
        <label htmlFor={`${ids}-q`}>{t('dealers.search.label')}</label>
        <div className="dealer-finder__row">
          <input id={`${ids}-q`} name="q" defaultValue={query} key={query} autoComplete="postal-code" maxLength={60} />
          <button type="submit" className="button">
            {t('dealers.search.submit')}
          </button>
        </div>
        {/* In the first HTML (no shift when the page comes alive), usable once it has. */}
        <button
          type="button"
          className="button button--secondary"
          onClick={locate}
          disabled={!hydrated || locating === 'asking' || !('geolocation' in navigator)}
        >
          {locating === 'asking' ? t('dealers.search.locating') : t('dealers.search.locate')}
        </button>
        {locating === 'denied' && (
          <p className="field__error" role="alert">
            {t('dealers.search.denied')}
          </p>
        )}
      </form>
      {!directory ? (
        <p className="notice">{t('dealers.unavailable')}</p>
      ) : !result ? (
        <p>{t('dealers.empty')}</p>
      ) : !result.ok ? (
        <p className="notice" role="status">
          {t('dealers.unknownPlace', { query })}
        </p>
      ) : (
        <section aria-labelledby={`${ids}-results`} className="dealer-finder__results">
          <h2 id={`${ids}-results`}>
            {result.from.label ? t('dealers.results', { place: result.from.label }) : t('dealers.resultsHere')}
          </h2>
          <ol className="dealer-list">
            {result.dealers.map((dealer) => (
              <DealerItem key={dealer.dealerId} dealer={dealer} groupNames={groupNames} />
            ))}
          </ol>
          {/* The map's place is kept from the first HTML; Leaflet fills it once the page is alive. */}
          {hydrated ? (
            <Suspense fallback={<div className="dealer-map" />}>
              <DealerMap tiles={directory.tiles} from={result.from} dealers={result.dealers} />
            </Suspense>
          ) : (
            <div className="dealer-map" />
          )}
        </section>
      )}
      {site.becomeDealerLink && (
        <p>
          <AppLink link={site.becomeDealerLink} />
        </p>
      )}
    </article>
  )
}

function DealerItem({ dealer, groupNames }: { dealer: FoundDealer; groupNames: Record<string, string> }) {
  const { t } = useTranslation()
  const { locale } = useRootData()
  const intl = intlLocaleOf(locale.language)
  const km = new Intl.NumberFormat(intl, { maximumFractionDigits: dealer.distanceKm < 10 ? 1 : 0 }).format(
    dealer.distanceKm,
  )
  // Monday 2024-01-01 is day 0: the weekday names in the page's language.
  const dayName = (day: number) =>
    new Intl.DateTimeFormat(intl, { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1 + day)))
  const days = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
    day,
    spans: dealer.openingHours.filter((h) => h.day === day),
  }))
  return (
    <li className="dealer">
      <h3 className="dealer__name">{dealer.name}</h3>
      <p className="dealer__distance">{t('dealers.distance', { km })}</p>
      <address className="dealer__address">
        {dealer.street}
        <br />
        {dealer.postcode} {dealer.city}
      </address>
      <p className="dealer__links">
        <a href={`tel:${dealer.phone.replace(/\s/g, '')}`}>{dealer.phone}</a>
        <a
          href={routeLink(dealer)}
          target="_blank"
          rel="noopener"
          aria-label={t('dealers.routeLabel', { name: dealer.name })}
        >
          {t('dealers.route')}
        </a>
      </p>
      <details className="dealer__hours">
        <summary>{t('dealers.hours')}</summary>
        <dl>
          {days.map(({ day, spans }) => (
            <div key={day}>
              <dt>{dayName(day)}</dt>
              <dd>{spans.length ? spans.map((s) => `${s.opens}–${s.closes}`).join(', ') : t('dealers.closed')}</dd>
            </div>
          ))}
        </dl>
      </details>
      {dealer.stocks.length > 0 && (
        <p className="dealer__stocks">
          {t('dealers.stocks', { groups: dealer.stocks.map((key) => groupNames[key] ?? key).join(', ') })}
        </p>
      )}
    </li>
  )
}
