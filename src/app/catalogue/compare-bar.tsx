import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { Link, useMatches } from 'react-router'
import { COMPARE_MAX } from '../../domain/catalogue-constants.ts'
import { COMPARE_SLUGS, localPath } from '../../domain/catalogue-paths.ts'
import type { RootData } from '../root/root.data.ts'
import { compareIdsAtom, useCompare } from './compare.ts'

/**
 * The sticky comparison bar: there while the comparison list holds products, except on the comparison page itself,
 * where it would only cover the table (the page has the list and its clear button).
 */
export function CompareBar({ data }: { data: RootData }) {
  const { t } = useTranslation()
  const ids = useAtomValue(compareIdsAtom)
  const { clear } = useCompare(data.site.siteId)
  const onComparePage = useMatches().some(
    (m) => (m.handle as { routeName?: string } | undefined)?.routeName === 'compare',
  )
  if (ids.length === 0 || onComparePage) return null
  return (
    <aside className="compare-bar" aria-label={t('catalogue.compare.barLabel')}>
      <p className="compare-bar__count">
        {t('catalogue.compare.bar', { count: String(ids.length), max: String(COMPARE_MAX) })}
      </p>
      <Link className="button" to={localPath(data.language.pathPrefix, COMPARE_SLUGS[data.language.code])}>
        {t('catalogue.compare.open')}
      </Link>
      <button type="button" className="button button--secondary button--small" onClick={() => void clear()}>
        {t('catalogue.compare.clear')}
      </button>
    </aside>
  )
}
