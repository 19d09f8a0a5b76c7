// One of the account's orders: its status in words, the lines with links to their products (from the device's
// catalogue), the totals with VAT, the addresses, the invoice PDF once paid, and reorder.
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { AccountOrder } from '../../domain/account-orders.ts'
import type { Address } from '../../domain/address.ts'
import type { Country } from '../../domain/country.ts'
import type { OrderLine } from '../../domain/orders.ts'
import { ApiRequestError } from '../../browser/transport.ts'
import { useLocalProducts } from '../cart/cart-totals.ts'
import { useDeliveryCountries } from '../checkout/address-fields.tsx'
import { PageHead } from '../content/page-head.tsx'
import { PageHeading } from '../navigation/page-heading.tsx'
import { useRootData } from '../root/use-root-data.ts'
import { useServices } from '../services.tsx'
import { CallStatus } from './account-call-status.tsx'
import { useAccountFormat } from './account-format.ts'
import { ReorderButton } from './reorder-button.tsx'
import { useAccountCall } from './use-account-call.ts'

export function OrderDetail({ orderId }: { orderId: string | null }) {
  const { t } = useTranslation()
  const { site } = useRootData()
  const { api } = useServices()
  const format = useAccountFormat()
  // An address that is no order id is answered as the server answers an order that is not the account's.
  const { state, reload } = useAccountCall(orderId ?? 'none', (signal) =>
    orderId === null ? Promise.reject(new ApiRequestError(404, null)) : api.accountOrder(orderId, signal),
  )
  const order = state.status === 'ready' ? state.data : null
  const title = order ? t('account.orders.number', { number: order.orderNumber }) : t('account.orders.title')
  return (
    <article className="account-order">
      <PageHead title={`${title} | ${site.brandName}`} noIndex />
      <p className="account-order__back">
        <Link to={format.link('orders')}>{t('account.orders.backToList')}</Link>
      </p>
      <PageHeading>{title}</PageHeading>
      {order ? <OrderBody order={order} /> : state.status !== 'ready' && <CallStatus state={state} retry={reload} />}
    </article>
  )
}

function OrderBody({ order }: { order: AccountOrder }) {
  const { t } = useTranslation()
  const format = useAccountFormat()
  const countries = useDeliveryCountries()
  const products = useLocalProducts(order.lines.map((line) => line.productVariantId))
  const money = (cents: number) => format.money(cents, order.totals.currency)
  const { totals } = order
  const rates = order.lines.map((line) => line.vatRatePercentage).filter((rate) => rate > 0)
  const pickup = order.shippingMethod === 1
  const vatLabel = (rate: number | null) =>
    rate === null ? t('invoice.vat') : t('invoice.vatAmount', { rate: `${rate}%` })

  return (
    <>
      <dl className="account-order__facts">
        <dt>{t('invoice.status')}</dt>
        <dd>
          <span className={`order-status order-status--${order.status}`}>
            {t(`account.orders.status.${order.status}`)}
          </span>
        </dd>
        <dt>{t('invoice.orderDate')}</dt>
        <dd>{format.date(order.created)}</dd>
        {order.paymentMethod && (
          <>
            <dt>{t('invoice.paymentMethod')}</dt>
            <dd>{order.paymentMethod}</dd>
          </>
        )}
        <dt>{t('invoice.title')}</dt>
        <dd>
          {order.invoiceUrl ? (
            <a href={order.invoiceUrl} download={`${order.invoiceNumber}.pdf`} className="account-order__invoice">
              {t('account.orders.invoicePdf', { number: order.invoiceNumber })}
            </a>
          ) : (
            t('account.orders.invoiceAfterPayment')
          )}
        </dd>
      </dl>

      <ReorderButton lines={order.lines} />

      <section className="account-order__section" aria-labelledby="order-lines">
        <h2 id="order-lines">{t('account.orders.products')}</h2>
        <ul className="order-lines">
          {order.lines.map((line) => (
            <OrderLineItem
              key={line.productVariantId}
              line={line}
              path={
                products.get(line.productVariantId)?.variants.find((v) => v.productVariantId === line.productVariantId)
                  ?.path
              }
              money={money}
            />
          ))}
        </ul>
      </section>

      <section className="account-order__section" aria-labelledby="order-totals">
        <h2 id="order-totals">{t('account.orders.totals')}</h2>
        <dl className="order-totals">
          <dt>{t('invoice.subtotal')}</dt>
          <dd>{money(totals.subTotalAmount)}</dd>
          {totals.orderDiscounts.map((discount) => (
            <Row key={discount.promotionKey} label={discount.description} value={`− ${money(discount.amount)}`} />
          ))}
          <dt>{t('invoice.shipping')}</dt>
          <dd>{totals.shippingCosts === 0 ? t('cart.summary.free') : money(totals.shippingCosts)}</dd>
          {totals.paymentCosts > 0 && <Row label={t('invoice.paymentCosts')} value={money(totals.paymentCosts)} />}
          <dt>{t('invoice.totalExclVat')}</dt>
          <dd>{money(totals.totalAmountExclVat)}</dd>
          {totals.vatAmountLow > 0 && (
            <Row label={vatLabel(rates.length ? Math.min(...rates) : null)} value={money(totals.vatAmountLow)} />
          )}
          {totals.vatAmountHigh > 0 && (
            <Row label={vatLabel(rates.length ? Math.max(...rates) : null)} value={money(totals.vatAmountHigh)} />
          )}
          <dt className="order-totals__total">{t('invoice.totalInclVat')}</dt>
          <dd className="order-totals__total">{money(totals.totalAmount)}</dd>
          {totals.giftCardAmount > 0 && (
            <Row label={t('account.orders.giftCard')} value={`− ${money(totals.giftCardAmount)}`} />
          )}
        </dl>
      </section>

      <section className="account-order__section account-order__addresses" aria-labelledby="order-addresses">
        <h2 id="order-addresses" className="visually-hidden">
          {t('account.orders.addresses')}
        </h2>
        <div>
          <h3>{t('invoice.billingTitle')}</h3>
          <AddressLines
            name={`${order.customer.firstName} ${order.customer.lastName}`}
            company={order.company?.companyName}
            vatNumber={order.company?.vatNumber}
            address={order.billingAddress}
            countries={countries}
          />
        </div>
        <div>
          <h3>{pickup ? t('invoice.pickupTitle') : t('invoice.deliveryTitle')}</h3>
          {pickup ? (
            <p>{t('invoice.pickupPoint', { id: order.dpdParcelShopId ?? '' })}</p>
          ) : (
            <AddressLines address={order.shippingAddress} countries={countries} />
          )}
        </div>
      </section>
    </>
  )
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  )
}

function OrderLineItem({
  line,
  path,
  money,
}: {
  line: OrderLine
  path: string | undefined
  money: (c: number) => string
}) {
  const { t } = useTranslation()
  return (
    <li className="order-line">
      <p className="order-line__name">
        {path ? <Link to={path}>{line.description}</Link> : line.description}
        {line.productLabel && <span className="order-line__label">{line.productLabel}</span>}
      </p>
      <p className="order-line__quantity">
        {line.quantity} × {money(line.unitAmount)}
        {line.freeQuantity > 0 && <> {t('invoice.free', { quantity: line.freeQuantity })}</>}
      </p>
      <p className="order-line__total">{money(line.totalAmount)}</p>
    </li>
  )
}

function AddressLines({
  name,
  company,
  vatNumber,
  address,
  countries,
}: {
  name?: string
  company?: string | undefined
  vatNumber?: string | undefined
  address: Address
  countries: readonly Country[]
}) {
  const { t } = useTranslation()
  const country = countries.find((c) => c.countryId === address.countryId)?.name
  return (
    <address>
      {name && (
        <>
          {name}
          <br />
        </>
      )}
      {company && (
        <>
          {company}
          <br />
        </>
      )}
      {address.street} {address.streetNumber}
      {address.streetNumberAddition && ` ${address.streetNumberAddition}`}
      <br />
      {address.zipcode} {address.city}
      {country && (
        <>
          <br />
          {country}
        </>
      )}
      {vatNumber && (
        <>
          <br />
          {t('invoice.vatNumber')}: {vatNumber}
        </>
      )}
    </address>
  )
}
