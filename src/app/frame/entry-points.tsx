import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'
import { COMPARE_SLUGS, localPath, SEARCH_SLUGS } from '../../domain/catalogue-paths.ts'
import { compareIdsAtom } from '../catalogue/compare.ts'
import { AccountLink } from '../account/account-link.tsx'
import { MiniCart } from '../cart/mini-cart.tsx'
import { SearchBox } from '../catalogue/search-box.tsx'
import { useRootData } from '../root/use-root-data.ts'
import { CompareIcon } from '../ui/icons.tsx'

/**
 * The header's entry points: the product search (with suggestions) and the comparison, on sites that sell the
 * catalogue; the cart beside the menu (HeaderCartEntry). On phones the search has a row of its own and the comparison
 * is an icon beside the cart, and so is the account (AccountLink).
 */
export function HeaderEntryPoints() {
  const { t } = useTranslation()
  const { brand, language } = useRootData()
  const compared = useAtomValue(compareIdsAtom)
  if (brand === 'corporate') return null
  return (
    <>
      <div className="entry-points">
        <SearchBox action={localPath(language.pathPrefix, SEARCH_SLUGS[language.code])} />
      </div>
      <NavLink
        to={localPath(language.pathPrefix, COMPARE_SLUGS[language.code])}
        className="entry-point entry-point--compare"
        aria-label={compared.length > 0 ? t('header.compareCount', { count: String(compared.length) }) : undefined}
      >
        <CompareIcon className="entry-point__icon" />
        <span className="entry-point__label">{t('header.compare')}</span>
        {compared.length > 0 && <span className="entry-point__count">{compared.length}</span>}
      </NavLink>
      <AccountLink place="bar" />
    </>
  )
}

/** The cart's entry: in the header's first row, beside the menu, on phones too. */
export function HeaderCartEntry() {
  const { brand } = useRootData()
  if (brand === 'corporate') return null
  return <MiniCart />
}
