// /account/orders/ and /account/orders/<orderId>/ (route name account-orders): the account's orders, newest first, and
// one order with its lines, totals, addresses, invoice and reorder. Read from the server each time (personal answers
// are never kept on the device); an order page already open keeps working offline, reorder included.
import './account-orders.css'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { OrderIdSchema } from '../../domain/orders.ts'
import { PageHead } from '../content/page-head.tsx'
import { PageHeading } from '../navigation/page-heading.tsx'
import { useRootData } from '../root/use-root-data.ts'
import { useServices } from '../services.tsx'
import { CallStatus } from './account-call-status.tsx'
import { useAccountFormat } from './account-format.ts'
import { OrderDetail } from './order-detail.tsx'
import { useAccountCall } from './use-account-call.ts'

export function Component() {
  const { orderId } = useParams()
  if (orderId === undefined) return <OrderList />
  const id = OrderIdSchema.safeParse(orderId)
  return id.success ? <OrderDetail orderId={id.data} /> : <OrderDetail orderId={null} />
}

function OrderList() {
  const { t } = useTranslation()
  const { site, language } = useRootData()
  const { api } = useServices()
  const format = useAccountFormat()
  const { state, reload } = useAccountCall('orders', (signal) => api.accountOrders(signal))
  return (
    <article className="account-orders">
      <PageHead title={`${t('account.orders.title')} | ${site.brandName}`} noIndex />
      <PageHeading>{t('account.orders.title')}</PageHeading>
      {state.status !== 'ready' ? (
        <CallStatus state={state} retry={reload} />
      ) : state.data.length === 0 ? (
        <p>
          {t('account.orders.none')}{' '}
          <Link to={language.pathPrefix ? `/${language.pathPrefix}/` : '/'}>{t('account.orders.toShop')}</Link>
        </p>
      ) : (
        <ul className="order-list">
          {state.data.map((order) => (
            <li key={order.orderId} className="order-card">
              <h2 className="order-card__title">
                <Link to={format.link('orders', order.orderId)}>
                  {t('account.orders.number', { number: order.orderNumber })}
                </Link>
              </h2>
              <p className={`order-status order-status--${order.status}`}>
                {t(`account.orders.status.${order.status}`)}
              </p>
              <dl className="order-card__facts">
                <dt>{t('invoice.orderDate')}</dt>
                <dd>{format.date(order.created)}</dd>
                <dt>{t('account.orders.items')}</dt>
                <dd>{order.itemCount}</dd>
                {order.paymentMethod && (
                  <>
                    <dt>{t('invoice.paymentMethod')}</dt>
                    <dd>{order.paymentMethod}</dd>
                  </>
                )}
                <dt>{t('account.orders.total')}</dt>
                <dd className="order-card__total">{format.money(order.totalAmount, order.currency)}</dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </article>
  )
}
