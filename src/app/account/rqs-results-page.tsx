// /account/rqs-results/ (route account-rqs-results): the account's roughage scan results and, as a second section,
// its feed advice, each list with what is new (unread). One opens in place through the address (?result=<id> or
// ?advice=<id>, so the back button returns to the lists); opening marks it read on the server.
import './account-results.css'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { IdParamSchema } from '../../domain/ids.ts'
import type { AccountFeedAdvice, AccountScanResult } from '../../domain/account-scans.ts'
import { PageHead } from '../content/page-head.tsx'
import { PageHeading } from '../navigation/page-heading.tsx'
import { useRootData } from '../root/use-root-data.ts'
import { AccountDataState } from './account-data-state.tsx'
import { FeedAdviceView } from './feed-advice-view.tsx'
import { ScanResultView } from './scan-result-view.tsx'
import { CalculateWithScan } from '../advice/calculate-with-scan.tsx'
import { useServices } from '../services.tsx'
import { refreshAccount } from './account-state.ts'
import { useAccountData } from './use-account-data.ts'

export function Component() {
  const { t } = useTranslation()
  const { site } = useRootData()
  const [params] = useSearchParams()
  const result = IdParamSchema.safeParse(params.get('result') ?? undefined)
  const advice = IdParamSchema.safeParse(params.get('advice') ?? undefined)
  return (
    <div className="account-page account-results">
      <PageHead title={`${t('account.scans.title')} | ${site.brandName}`} noIndex />
      <PageHeading>{t('account.scans.title')}</PageHeading>
      {result.success ? (
        <OpenedResult id={result.data} />
      ) : advice.success ? (
        <OpenedAdvice id={advice.data} />
      ) : (
        <>
          <ScanResultList />
          <FeedAdviceList />
        </>
      )}
    </div>
  )
}

function BackToLists() {
  const { t } = useTranslation()
  return (
    <p className="account-back">
      <Link to={{ search: '' }}>{t('account.scans.back')}</Link>
    </p>
  )
}

function OpenedResult({ id }: { id: number }) {
  const { api } = useServices()
  const { state, reload } = useAccountData((accountApi, signal) => accountApi.scanResult(id, signal), id)
  // Opening marked it read: the navigation's unread count comes from the account, asked again.
  const opened = state.status === 'ready'
  useEffect(() => {
    if (opened) refreshAccount(api).catch(() => undefined)
  }, [opened, api])
  return (
    <>
      <BackToLists />
      <AccountDataState state={state} onRetry={reload}>
        {(result) => (
          <>
            <ScanResultView result={result} />
            <CalculateWithScan result={result} />
          </>
        )}
      </AccountDataState>
    </>
  )
}

function OpenedAdvice({ id }: { id: number }) {
  const { state, reload } = useAccountData((api, signal) => api.feedAdvice(id, signal), id)
  return (
    <>
      <BackToLists />
      <AccountDataState state={state} onRetry={reload}>
        {(advice) => <FeedAdviceView advice={advice} />}
      </AccountDataState>
    </>
  )
}

function Unread({ count }: { count: number }) {
  const { t } = useTranslation()
  if (count === 0) return null
  return (
    <span className="unread-count" data-unread={count}>
      {t('account.scans.unreadCount', { unread: count })}
    </span>
  )
}

function ScanResultList() {
  const { t } = useTranslation()
  const { state, reload } = useAccountData((api, signal) => api.scanResults(signal))
  const unread = state.status === 'ready' ? state.data.unread : 0
  return (
    <section className="account-section" aria-labelledby="scan-results-heading">
      <h2 id="scan-results-heading">
        {t('account.scans.results')} <Unread count={unread} />
      </h2>
      <AccountDataState state={state} onRetry={reload}>
        {({ results }) =>
          results.length === 0 ? (
            <p className="account-page__empty">{t('account.scans.none')}</p>
          ) : (
            <ul className="result-list">
              {results.map((result) => (
                <ResultItem key={result.scanResultId} result={result} />
              ))}
            </ul>
          )
        }
      </AccountDataState>
    </section>
  )
}

function NewBadge({ read }: { read: boolean }) {
  const { t } = useTranslation()
  return read ? null : <span className="badge-new">{t('account.scans.new')}</span>
}

function ResultItem({ result }: { result: AccountScanResult }) {
  const { t } = useTranslation()
  const { locale } = useRootData()
  const date = new Intl.DateTimeFormat(locale.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(result.resultDate ?? result.receiptDate),
  )
  return (
    <li className={result.read ? 'result-item' : 'result-item result-item--unread'}>
      <Link to={`?result=${result.scanResultId}`} className="result-item__link">
        <span className="result-item__name">{result.name}</span>
        <NewBadge read={result.read} />
        <span className="result-item__meta">
          {t(`account.scans.types.${result.type}`)} · {date}
        </span>
      </Link>
    </li>
  )
}

function FeedAdviceList() {
  const { t } = useTranslation()
  const { state, reload } = useAccountData((api, signal) => api.feedAdviceList(signal))
  const unread = state.status === 'ready' ? state.data.unread : 0
  return (
    <section className="account-section" aria-labelledby="feed-advice-heading">
      <h2 id="feed-advice-heading">
        {t('account.advice.title')} <Unread count={unread} />
      </h2>
      <AccountDataState state={state} onRetry={reload}>
        {({ advice }) =>
          advice.length === 0 ? (
            <p className="account-page__empty">{t('account.advice.none')}</p>
          ) : (
            <ul className="result-list">
              {advice.map((item) => (
                <AdviceItem key={item.feedAdviceId} advice={item} />
              ))}
            </ul>
          )
        }
      </AccountDataState>
    </section>
  )
}

function AdviceItem({ advice }: { advice: AccountFeedAdvice }) {
  const { locale } = useRootData()
  const date = new Intl.DateTimeFormat(locale.language, { dateStyle: 'medium' }).format(new Date(advice.createdAt))
  return (
    <li className={advice.advice.read ? 'result-item' : 'result-item result-item--unread'}>
      <Link to={`?advice=${advice.feedAdviceId}`} className="result-item__link">
        <span className="result-item__name">{advice.horseName}</span>
        <NewBadge read={advice.advice.read} />
        <span className="result-item__meta">
          {advice.advice.productName ? `${advice.advice.productName} · ` : ''}
          {date}
        </span>
      </Link>
    </li>
  )
}
