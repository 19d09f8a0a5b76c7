import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { COMPARE_MAX } from '../../domain/catalogue-constants.ts'
import { useRootData } from '../root/use-root-data.ts'
import { useCompare, useCompareRefused } from './compare.ts'
import { useHydrated } from './use-hydrated.ts'

/**
 * "Compare" as a checkbox: ticked while the product is on the comparison list; a fifth product is refused with a
 * message. Its name is what it shows plus the product ("Vergelijk Sport Muesli", WCAG 2.5.3 label in name), so a
 * list of cards does not read as a list of the same word.
 */
export function CompareButton({ productId, name }: { productId: number; name: string }) {
  const { t } = useTranslation()
  const { site } = useRootData()
  const { ids, add, remove } = useCompare(site.siteId)
  const refused = useCompareRefused()
  const hydrated = useHydrated()
  // The tick shows at once; the stored list (a moment later) decides, so a refused fifth product unticks again.
  const [pending, setPending] = useState<boolean | null>(null)
  const present = ids.includes(productId)
  const toggle = async () => {
    setPending(!present)
    try {
      await (present ? remove(productId) : add(productId))
    } finally {
      setPending(null)
    }
  }
  return (
    <span className="compare-toggle">
      <label className="compare-toggle__label">
        <input
          type="checkbox"
          checked={pending ?? present}
          // Before the script runs a tick would change nothing but the box.
          disabled={!hydrated}
          onChange={() => void toggle()}
        />
        {t('catalogue.compare.add')}
        <span className="visually-hidden"> {name}</span>
      </label>
      {refused === productId && (
        <span className="compare-toggle__refused" role="alert">
          {t('catalogue.compare.full', { max: String(COMPARE_MAX) })}
        </span>
      )}
    </span>
  )
}
