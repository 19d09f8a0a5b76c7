// One scan result, opened (the server marks it read): what was scanned and when, the chart of the sample against
// target and average, the dry matter and the nutrition values in the product pages' table.
import '../catalogue/product-details.css'
import './account-results.css'
import { useTranslation } from 'react-i18next'
import { formatNumber } from '../../domain/locale.ts'
import type { ScanResult } from '../../domain/scan.ts'
import { NutritionTable } from '../catalogue/product-specs.tsx'
import { useRootData } from '../root/use-root-data.ts'
import { ScanChart } from './scan-chart.tsx'

export function ScanResultView({ result }: { result: ScanResult }) {
  const { t } = useTranslation()
  const { locale } = useRootData()
  const date = (iso: string) =>
    new Intl.DateTimeFormat(locale.language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso))
  return (
    <article className="scan-result" aria-labelledby="scan-result-name">
      <h2 id="scan-result-name" className="scan-result__name">
        {result.name}
      </h2>
      <dl className="account-facts">
        <div>
          <dt>{t('account.scans.type')}</dt>
          <dd>{t(`account.scans.types.${result.type}`)}</dd>
        </div>
        <div>
          <dt>{t('account.scans.receiptDate')}</dt>
          <dd>{date(result.receiptDate)}</dd>
        </div>
        <div>
          <dt>{t('account.scans.resultDate')}</dt>
          <dd>{result.resultDate ? date(result.resultDate) : t('account.scans.pending')}</dd>
        </div>
        {result.dryMatterPercentage !== null && (
          <div>
            <dt>{t('account.scans.dryMatter')}</dt>
            <dd>{formatNumber(result.dryMatterPercentage, locale.language)} %</dd>
          </div>
        )}
      </dl>
      <ScanChart result={result} />
      {result.nutrition && (
        <section aria-labelledby="scan-result-nutrition">
          <h3 id="scan-result-nutrition">{t('account.scans.nutrition')}</h3>
          <NutritionTable nutrition={result.nutrition} />
        </section>
      )}
    </article>
  )
}
