import { useTranslation } from 'react-i18next'
import { COMPARE_MAX } from '../../domain/catalogue-constants.ts'
import { useRootData } from '../root/use-root-data.ts'
import { useCompare, useCompareRefused } from './compare.ts'

/** Adds a product to the comparison list or takes it off; a fifth product is refused with a message. */
export function CompareButton({ productId, name }: { productId: number; name: string }) {
  const { t } = useTranslation()
  const { site } = useRootData()
  const { ids, add, remove } = useCompare(site.siteId)
  const refused = useCompareRefused()
  const present = ids.includes(productId)
  return (
    <span className="compare-toggle">
      <button
        type="button"
        className={present ? 'button button--small button--selected' : 'button button--small button--secondary'}
        aria-pressed={present}
        aria-label={t(present ? 'catalogue.compare.removeNamed' : 'catalogue.compare.addNamed', { name })}
        onClick={() => void (present ? remove(productId) : add(productId))}
      >
        {t(present ? 'catalogue.compare.added' : 'catalogue.compare.add')}
      </button>
      {refused === productId && (
        <span className="compare-toggle__refused" role="alert">
          {t('catalogue.compare.full', { max: String(COMPARE_MAX) })}
        </span>
      )}
    </span>
  )
}
