// A roughage scan's result by the key of the mailed link (the routing kind 'roughage result by key';
// /ruwvoeruitslag/<rqs|qs>/<key>/ and each language's word for it): what was scanned, the sample against target and
// average as a chart, the nutrition values, and 'calculate feed with this roughage'. Personal: never indexed.
import { useTranslation } from 'react-i18next'
import { Link, useLoaderData } from 'react-router'
import { ScanResultView } from '../account/scan-result-view.tsx'
import { PageHead } from '../content/page-head.tsx'
import { PageHeading } from '../navigation/page-heading.tsx'
import { useRootData } from '../root/use-root-data.ts'
import { CalculateWithScan } from './calculate-with-scan.tsx'
import type { RoughageResultData } from './roughage-result.data.ts'

export function Component() {
  const { t } = useTranslation()
  const { result } = useLoaderData<RoughageResultData>()
  const { site, language } = useRootData()
  const account = `${language.pathPrefix ? `/${language.pathPrefix}` : ''}/account/rqs-results/`
  return (
    <div className="account-page roughage-result">
      <PageHead title={`${t('feedCalculator.scan.title')} | ${site.brandName}`} noIndex />
      <PageHeading>{t('feedCalculator.scan.title')}</PageHeading>
      {result ? (
        <>
          <ScanResultView result={result} />
          <CalculateWithScan result={result} />
        </>
      ) : (
        <p className="account-notice">{t('feedCalculator.scan.notFound')}</p>
      )}
      <p>
        <Link to={account}>{t('feedCalculator.scan.account')}</Link>
      </p>
    </div>
  )
}
