import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Navigation, NavigationItem, UspCollection } from '../../domain/content.ts'
import type { Brand } from '../../domain/locale.ts'
import { HEADER_END_ID } from '../../domain/kept-pages.ts'
import { AccountLink } from '../account/account-link.tsx'
import { InstallEntry } from '../pwa/install.tsx'
import { AppLink } from '../ui/app-link.tsx'
import { HeaderCartEntry, HeaderEntryPoints } from './entry-points.tsx'
import { MenuIcon } from '../ui/icons.tsx'

/**
 * The header's end, an empty element: Chromium lets a page paint once the element a `<link rel="expect">` names has
 * been inserted, not once it is whole, so the header's own element would not do.
 */
export const HeaderEnd = () => <span id={HEADER_END_ID} hidden />

export function BrandLogo({ brand, brandName, homePath }: { brand: Brand; brandName: string; homePath: string }) {
  const { t } = useTranslation()
  return (
    <Link to={homePath} className="brand-logo" aria-label={t('brand.homeLink', { brand: brandName })}>
      <img src={`/icons/${brand}.svg`} alt="" width="40" height="40" />
      <span className="brand-logo__name">{brandName}</span>
    </Link>
  )
}

/** The menu's links at one level; following any of them (by click, tap or key) calls onFollow. */
function NavigationList({
  items,
  level = 0,
  onFollow,
}: {
  items: NavigationItem[]
  level?: number
  onFollow: () => void
}) {
  return (
    <ul className={`nav-list nav-list--level-${level}`}>
      {items.map((item) => (
        <li key={`${item.route}-${item.title}`}>
          <AppLink link={item} onClick={onFollow} />
          {item.children.length > 0 && <NavigationList items={item.children} level={level + 1} onFollow={onFollow} />}
        </li>
      ))}
    </ul>
  )
}

export function UspBar({ usps }: { usps: UspCollection }) {
  if (usps.usps.length === 0) return null
  return (
    <ul className="usp-bar">
      {usps.usps.map((usp) => (
        <li key={usp.text}>{usp.link ? <AppLink link={usp.link}>{usp.text}</AppLink> : usp.text}</li>
      ))}
    </ul>
  )
}

/**
 * The site's header: USPs, the bar (logo, search, comparison, cart, menu toggle) and the menu with the main
 * navigation and the install entry, folded away behind the toggle below the desktop width.
 */
export function Header(props: {
  brand: Brand
  brandName: string
  homePath: string
  navigation: Navigation
  usps: UspCollection
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <header className="site-header">
      <UspBar usps={props.usps} />
      <div className="site-header__bar">
        <BrandLogo brand={props.brand} brandName={props.brandName} homePath={props.homePath} />
        <HeaderEntryPoints />
        <HeaderCartEntry />
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls="site-menu"
          onClick={() => setOpen((value) => !value)}
        >
          <MenuIcon className="menu-toggle__icon" open={open} />
          <span className="menu-toggle__label">{open ? t('header.closeMenu') : t('header.menu')}</span>
        </button>
      </div>
      <div id="site-menu" className="site-menu" data-open={open}>
        <div className="site-menu__content">
          {props.brand !== 'corporate' && <AccountLink place="menu" onFollow={() => setOpen(false)} />}
          <InstallEntry brandName={props.brandName} />
          <nav id="primary-navigation" className="primary-navigation" aria-label={t('a11y.mainNavigation')}>
            <NavigationList items={props.navigation.items} onFollow={() => setOpen(false)} />
          </nav>
        </div>
      </div>
      <HeaderEnd />
    </header>
  )
}
