import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'

/**
 * The header's entry points (search, compare, cart, account). Each feature adds its entry here when it lands, with
 * its route; an entry is only shown when the feature exists, so the header never links to a page that is not there.
 */
export const ENTRY_POINTS: { key: 'search' | 'compare' | 'cart' | 'account'; to: string }[] = []

export function HeaderEntryPoints() {
  const { t } = useTranslation()
  if (ENTRY_POINTS.length === 0) return null
  return (
    <ul className="entry-points">
      {ENTRY_POINTS.map((entry) => (
        <li key={entry.key}>
          <NavLink to={entry.to}>{t(`header.${entry.key}`)}</NavLink>
        </li>
      ))}
    </ul>
  )
}
