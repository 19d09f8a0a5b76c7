// 'Calculate feed with this roughage': the feed calculator opened with a scan result's measured dry matter and energy
// (formOfScan), from the result page of the mailed link and from the account's results.
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { FEED_CALCULATOR_SLUGS, localPath } from '../../domain/catalogue-paths.ts'
import { formOfScan, queryOf } from '../../domain/feed-calculator-query.ts'
import type { ScanResult } from '../../domain/scan.ts'
import { useRootData } from '../root/use-root-data.ts'

export function CalculateWithScan({ result }: { result: Pick<ScanResult, 'dryMatterPercentage' | 'nutrition'> }) {
  const { t } = useTranslation()
  const { language, locale } = useRootData()
  const form = formOfScan(result)
  if (!form) return null
  const path = localPath(language.pathPrefix, FEED_CALCULATOR_SLUGS[locale.language])
  return (
    <p className="calculate-with-scan">
      <Link className="button" to={`${path}?${queryOf(form).toString()}`}>
        {t('feedCalculator.scan.calculate')}
      </Link>
      <span className="calculate-with-scan__hint">{t('feedCalculator.scan.calculateHint')}</span>
    </p>
  )
}
