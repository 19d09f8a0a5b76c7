// The returns page without a product: what may still be reported (per order, each product a link to its form) and
// the reports made, newest first, with their status and photo.
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { localPath } from '../../domain/catalogue-paths.ts'
import type { ReturnableLine, ReturnReport } from '../../domain/returns.ts'
import { useRootData } from '../root/use-root-data.ts'

/** The report's reference as the confirmation mail names it: 'R000042'. */
export const returnReference = (returnId: number) => `R${String(returnId).padStart(6, '0')}`

export function useDateFormat() {
  const { locale } = useRootData()
  const format = new Intl.DateTimeFormat(locale.language, { dateStyle: 'medium' })
  return (iso: string) => format.format(new Date(iso))
}

export function returnsPath(prefix: string, productVariantId?: number, orderId?: string) {
  const base = localPath(prefix, 'account/returns')
  if (productVariantId === undefined) return base
  return `${base}${productVariantId}/${orderId ? `?order=${orderId}` : ''}`
}

export function ReturnsOverview({ reports, returnable }: { reports: ReturnReport[]; returnable: ReturnableLine[] }) {
  const { t } = useTranslation()
  const orders = Map.groupBy(returnable, (line) => line.orderId)
  return (
    <>
      <p className="returns__intro">{t('account.returns.intro')}</p>
      <section className="returns__section" aria-labelledby="returns-start">
        <h2 id="returns-start">{t('account.returns.startTitle')}</h2>
        {orders.size === 0 ? (
          <p>{t('account.returns.noReturnable')}</p>
        ) : (
          [...orders.values()].map((lines) => <ReturnableOrder key={lines[0]!.orderId} lines={lines} />)
        )}
      </section>
      <section className="returns__section" aria-labelledby="returns-reports">
        <h2 id="returns-reports">{t('account.returns.reportsTitle')}</h2>
        {reports.length === 0 ? (
          <p>{t('account.returns.noReports')}</p>
        ) : (
          <ul className="returns__reports">
            {reports.map((report) => (
              <Report key={report.returnId} report={report} />
            ))}
          </ul>
        )}
      </section>
    </>
  )
}

function ReturnableOrder({ lines }: { lines: ReturnableLine[] }) {
  const { t } = useTranslation()
  const { language } = useRootData()
  const date = useDateFormat()
  const first = lines[0]!
  return (
    <div className="returns__order">
      <h3>{t('account.returns.orderOf', { number: first.orderNumber, date: date(first.orderDate) })}</h3>
      <p className="returns__muted">{t('account.returns.until', { date: date(first.returnableUntil) })}</p>
      <ul className="returns__lines">
        {lines.map((line) => (
          <li key={line.productVariantId}>
            <span>
              <strong>{line.description}</strong>
              {line.productLabel && <span className="returns__muted"> · {line.productLabel}</span>}
            </span>
            <Link
              className="button button--secondary button--small"
              to={returnsPath(language.pathPrefix, line.productVariantId, line.orderId)}
              aria-label={`${t('account.returns.report')}: ${line.description}`}
            >
              {t('account.returns.report')}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}

function Report({ report }: { report: ReturnReport }) {
  const { t } = useTranslation()
  const date = useDateFormat()
  const reference = returnReference(report.returnId)
  return (
    <li className="returns__report" data-testid="return-report">
      <div className="returns__report-head">
        <strong>{report.description}</strong>
        <span className={`returns__status returns__status--${report.status}`}>
          {t(`account.returns.status.${report.status}`)}
        </span>
      </div>
      <p className="returns__muted">
        {[
          t('account.returns.reference', { reference }),
          t('account.returns.reportedOn', { date: date(report.created) }),
          `${t('account.returns.form.order')} ${report.orderNumber}`,
        ].join(' · ')}
      </p>
      <p>
        {t(`account.returns.reasons.${report.reason}`)} ·{' '}
        {t('account.returns.quantityOf', { quantity: report.quantity })}
      </p>
      {report.text && <p className="returns__text">{report.text}</p>}
      {report.photoUrl && (
        <a href={report.photoUrl} target="_blank" rel="noreferrer" className="returns__photo-link">
          <img
            src={report.photoUrl}
            alt={t('account.returns.photoAlt', { reference })}
            width={96}
            height={96}
            loading="lazy"
          />
          <span>{t('account.returns.photoLink')}</span>
        </a>
      )}
    </li>
  )
}
