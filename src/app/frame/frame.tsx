import { Suspense, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useMatches } from 'react-router'
import { CompareBar } from '../catalogue/compare-bar.tsx'
import { CookieBanner } from '../consent/cookie-banner.tsx'
import { DutchAddressNotice } from '../localization/dutch-address-notice.tsx'
import { LocalizationPrompt } from '../localization/localization-prompt.tsx'
import { LoadingBar } from '../navigation/loading-bar.tsx'
import { ConnectivityNotice } from '../pwa/offline-notice.tsx'
import { StorageNotice } from '../pwa/storage-notice.tsx'
import { UpdatePrompt } from '../pwa/update-prompt.tsx'
import { IndicativePriceNotice } from '../ui/price.tsx'
import type { RootData } from '../root/root.data.ts'
import { Footer } from './footer.tsx'
import { DeviceSync } from './device-sync.tsx'
import { BrandLogo, Header, HeaderEnd } from './header.tsx'
import { NotificationBar } from './notification-bar.tsx'
import { AccountFrame } from '../account/account-frame.tsx'
import { useAccountBroadcasts } from '../account/account-state.ts'
import { homePath } from '../../domain/catalogue-paths.ts'

export interface LayoutHandle {
  /** Routes pick a layout in their handle; the default layout unless they say otherwise. */
  layout?: 'default' | 'checkout' | 'account'
}

export function useLayout(): 'default' | 'checkout' | 'account' {
  const matches = useMatches()
  return matches.map((m) => (m.handle as LayoutHandle | undefined)?.layout).findLast(Boolean) ?? 'default'
}

function SkipLink() {
  const { t } = useTranslation()
  return (
    <a className="skip-link" href="#main">
      {t('a11y.skipToContent')}
    </a>
  )
}

/**
 * Both layouts share the live regions (loading bar, connectivity, update prompt, cookie banner, storage trouble, the
 * comparison bar) and the sync of what the device holds.
 */
function Chrome({ data, children }: { data: RootData; children: ReactNode }) {
  const shop = data.brand !== 'corporate'
  return (
    <>
      <LoadingBar />
      {children}
      <div className="dialogs">
        <Part>
          <ConnectivityNotice />
          <UpdatePrompt />
          <LocalizationPrompt serverCountry={data.visitorCountry} />
          <CookieBanner brandName={data.site.brandName} initial={data.consent} />
          <StorageNotice />
          {shop && <CompareBar data={data} />}
          <DeviceSync data={data} shop={shop} />
        </Part>
        {/* The area's end: until it has arrived, the area is not shown (dialogs.css). */}
        <span className="dialogs__end" hidden />
      </div>
    </>
  )
}

/**
 * A hydration boundary. Nothing suspends here; the boundaries let React hydrate header, page, footer and dialogs as
 * separate pieces, yielding to the browser in between, so a slow phone never has one long frozen task.
 */
function Part({ children }: { children: ReactNode }) {
  return <Suspense>{children}</Suspense>
}

export function Frame({ data, children }: { data: RootData; children: ReactNode }) {
  const layout = useLayout()
  const home = homePath(data.language.pathPrefix)
  useAccountBroadcasts()
  if (layout === 'checkout') return <CheckoutFrame data={data}>{children}</CheckoutFrame>
  return (
    <Chrome data={data}>
      <SkipLink />
      <NotificationBar notification={data.notification} />
      <Part>
        <Header
          brand={data.brand}
          brandName={data.site.brandName}
          homePath={home}
          navigation={data.primaryNavigation}
          usps={data.headerUsps}
        />
      </Part>
      <main id="main" className="site-main">
        <Part>{layout === 'account' ? <AccountFrame>{children}</AccountFrame> : children}</Part>
        {/* The page's fine print: inside <main>, so no content is outside a landmark. */}
        <Part>
          <div className="site-extras">
            <DutchAddressNotice data={data} />
            <IndicativePriceNotice />
          </div>
        </Part>
      </main>
      <Part>
        <Footer site={data.site} footer={data.footer} navigation={data.secondaryNavigation} switcher={data.switcher} />
      </Part>
    </Chrome>
  )
}

/** The dedicated checkout layout: logo and customer-service phone only, no menus to wander off into. */
export function CheckoutFrame({ data, children }: { data: RootData; children: ReactNode }) {
  const { t } = useTranslation()
  const home = homePath(data.language.pathPrefix)
  return (
    <Chrome data={data}>
      <SkipLink />
      <header className="site-header site-header--checkout">
        <div className="site-header__bar">
          <BrandLogo brand={data.brand} brandName={data.site.brandName} homePath={home} />
          <p className="checkout-help">
            {t('footer.customerService')}:{' '}
            <a href={data.site.customerServicePhoneLink.route}>{data.site.customerServicePhoneLink.title}</a>
          </p>
        </div>
        <HeaderEnd />
      </header>
      <main id="main" className="site-main site-main--checkout">
        {children}
      </main>
    </Chrome>
  )
}
