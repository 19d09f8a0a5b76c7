// /account/invoices/ (route name account-invoices): the invoices of the account's paid orders, newest first, each with
// its PDF (served to the owner only) and a link to its order.
import './account-orders.css'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { PageHead } from '../content/page-head.tsx'
import { PageHeading } from '../navigation/page-heading.tsx'
import { useRootData } from '../root/use-root-data.ts'
import { useServices } from '../services.tsx'
import { CallStatus } from './account-call-status.tsx'
import { useAccountFormat } from './account-format.ts'
import { useAccountCall } from './use-account-call.ts'

export function Component() {
  const { t } = useTranslation()
  const { site } = useRootData()
  const { api } = useServices()
  const format = useAccountFormat()
  const { state, reload } = useAccountCall('invoices', (signal) => api.accountInvoices(signal))
  return (
    <article className="account-invoices">
      <PageHead title={`${t('account.invoices.title')} | ${site.brandName}`} noIndex />
      <PageHeading>{t('account.invoices.title')}</PageHeading>
      {state.status !== 'ready' ? (
        <CallStatus state={state} retry={reload} />
      ) : state.data.length === 0 ? (
        <p>{t('account.invoices.none')}</p>
      ) : (
        <ul className="order-list">
          {state.data.map((invoice) => (
            <li key={invoice.invoiceNumber} className="order-card">
              <h2 className="order-card__title">{t('account.invoices.number', { number: invoice.invoiceNumber })}</h2>
              <dl className="order-card__facts">
                <dt>{t('invoice.date')}</dt>
                <dd>{format.date(invoice.issuedAt)}</dd>
                <dt>{t('invoice.orderNumber')}</dt>
                <dd>
                  <Link to={format.link('orders', invoice.orderId)}>{invoice.orderNumber}</Link>
                </dd>
                <dt>{t('account.orders.total')}</dt>
                <dd className="order-card__total">{format.money(invoice.totalAmount, invoice.currency)}</dd>
              </dl>
              <a
                className="button button--secondary button--small"
                href={invoice.invoiceUrl}
                download={`${invoice.invoiceNumber}.pdf`}
              >
                {t('account.invoices.download')}
                <span className="visually-hidden"> {invoice.invoiceNumber}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </article>
  )
}
