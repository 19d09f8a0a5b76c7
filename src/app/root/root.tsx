import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse, Outlet, useLoaderData, useRouteError } from 'react-router'
import { Frame } from '../frame/frame.tsx'
import { useScrollBehaviour } from '../navigation/scroll.ts'
import { useConnectivity } from '../pwa/connectivity.ts'
import { useTracking } from '../tracking/use-tracking.ts'
import { Document } from './document.tsx'
import { replayEarlyInput } from './early-input.ts'
import type { RootData } from './root.data.ts'

export function Root() {
  const data = useLoaderData<RootData>()
  const { i18n } = useTranslation()
  // A same-origin language change ('/fr/' on the Belgian site): the loader already made the texts ready.
  if (i18n.language !== data.locale.language) void i18n.changeLanguage(data.locale.language)
  useEffect(() => {
    // Hydration is done: tests and styles (e.g. no-JS fallbacks) can tell.
    document.documentElement.dataset.hydrated = 'true'
    void replayEarlyInput()
  }, [])
  useScrollBehaviour()
  useConnectivity()
  useTracking(data.settings.gtmContainerId, data.currency)
  return (
    <Document brand={data.brand} language={data.locale.language} appName={data.appName}>
      <Frame data={data}>
        <Outlet />
      </Frame>
    </Document>
  )
}

/**
 * When the frame itself cannot load (the site, its language or the data to start the request could not be
 * collected), a bare page in the language the texts were prepared in, with a retry.
 */
export function RootErrorBoundary() {
  const { t, i18n } = useTranslation()
  const error = useRouteError()
  const status = isRouteErrorResponse(error) ? error.status : 500
  return (
    <Document brand="equivera" language={i18n.language as RootData['locale']['language']}>
      <main id="main" className="site-main error-page">
        <title>{t('error.title')}</title>
        <meta name="robots" content="noindex" />
        <h1>{t('error.title')}</h1>
        <p>{t('error.text')}</p>
        <p className="button-row">
          {/* oxlint-disable-next-line jsx-a11y/anchor-is-valid -- an empty href reloads this page, with or without script */}
          <a className="button" href="">
            {t('error.retry')}
          </a>
          <a className="button button--secondary" href="/">
            {t('error.home')}
          </a>
        </p>
        <p className="error-status">{status}</p>
      </main>
    </Document>
  )
}
