// The order after the payer comes back (?id=<order>&key=<order key>&status=…): paid, with its number and what happens
// next; waiting for a payment still under way (read again, use-order.ts); a payment that did not go through, with a
// new one to start (the order holds the cart, so nothing is lost); or an order that ended. The status in the address
// is the provider's return only: what is shown is always the server's. The key leaves the address at once (kept in
// the tab, order-key.ts), so analytics never see it; it goes to the API only.
import { useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router'
import { CART_SLUGS, localPath } from '../../domain/catalogue-paths.ts'
import type { ContentPage } from '../../domain/content.ts'
import { isSampleProduct } from '../../domain/cart-constants.ts'
import { OrderIdSchema, type OrderView } from '../../domain/orders.ts'
import { retryAfterMinutes } from '../../browser/transport.ts'
import { ContentBlocks } from '../content/blocks.tsx'
import { useRootData } from '../root/use-root-data.ts'
import { useServices } from '../services.tsx'
import { trackPurchaseOnce } from '../tracking/purchase-once.ts'
import { CheckoutLayout } from './checkout-layout.tsx'
import { isUnreachable } from './checkout-state.ts'
import { rememberedOrderKey, rememberOrderKey } from './order-key.ts'
import { outcomeOf } from './place-order.ts'
import { useOrder } from './use-order.ts'

const DONE = new Set(['paid', 'processing', 'sent', 'closed'])
const LOADING = { status: 'loading' } as const

export function Component() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const { language } = useRootData()
  const idParam = params.get('id')
  const given = params.get('key')
  const id = OrderIdSchema.safeParse(idParam)
  // The key once it has left the address (order-key.ts).
  const [remembered, setRemembered] = useState<string | null>(null)
  const orderId = id.success ? id.data : null
  const search = params.toString()
  useEffect(() => {
    const base = localPath(language.pathPrefix, 'checkout')
    if (orderId === null) return void navigate(base, { replace: true })
    if (given !== null) {
      if (given.length === 0 || given.length > 100) return void navigate(base, { replace: true })
      rememberOrderKey(orderId, given)
      setRemembered(given)
      const query = new URLSearchParams(search)
      query.delete('key')
      return void navigate({ pathname, search: `?${query}` }, { replace: true, preventScrollReset: true })
    }
    const stored = rememberedOrderKey(orderId)
    if (stored === null) void navigate(base, { replace: true })
    else setRemembered(stored)
  }, [orderId, given, search, pathname, navigate, language.pathPrefix])
  const key = given ?? remembered
  if (!id.success || !key || key.length > 100) return null
  return <OrderOutcome orderId={id.data} orderKey={key} />
}

function OrderOutcome({ orderId, orderKey }: { orderId: string; orderKey: string }) {
  const { t } = useTranslation()
  const { site } = useRootData()
  const { state, polling, check } = useOrder(orderId, orderKey)
  const order = state.status === 'ready' ? state.order : null
  const paid = order !== null && DONE.has(order.status)

  useEffect(() => {
    if (order && paid) trackPurchaseOnce(order, site.name)
  }, [order, paid, site.name])

  const view = (): { title: string; body: ReactNode } => {
    switch (state.status) {
      case 'loading':
        return { title: t('checkout.complete.title'), body: <p role="status">{t('checkout.complete.loading')}</p> }
      case 'notFound':
        return { title: t('checkout.complete.title'), body: <p role="alert">{t('checkout.complete.notFound')}</p> }
      case 'offline':
        return { title: t('checkout.complete.title'), body: <p role="status">{t('checkout.complete.offline')}</p> }
      case 'error':
        return { title: t('checkout.complete.title'), body: <p role="alert">{t('checkout.error')}</p> }
      case 'ready':
        break
    }
    const o = state.order
    if (DONE.has(o.status)) return { title: t('checkout.complete.paidTitle'), body: <Paid order={o} /> }
    if (o.status === 'created' || o.status === 'open') {
      if (o.paymentUrl !== null)
        return {
          title: t('checkout.complete.waitingTitle'),
          body: <Waiting order={o} stopped={polling === 'done'} paused={polling === 'paused'} onCheck={check} />,
        }
      return {
        title: t('checkout.complete.failedTitle'),
        body: <Failed order={o} orderKey={orderKey} onPaid={check} />,
      }
    }
    return {
      title: t(o.status === 'expired' ? 'checkout.complete.expiredTitle' : 'checkout.complete.cancelledTitle'),
      body: <Ended order={o} />,
    }
  }
  const { title, body } = view()
  return (
    <CheckoutLayout step="complete" state={LOADING} title={title}>
      <div className="checkout-complete" data-order-status={order?.status}>
        {body}
      </div>
    </CheckoutLayout>
  )
}

/** A content page of the site's (the success or failed page), its blocks only: the heading is the step's. */
function SitePage({ contentPageId }: { contentPageId: number }) {
  const { api } = useServices()
  const { site } = useRootData()
  const [page, setPage] = useState<ContentPage | null>(null)
  useEffect(() => {
    const abort = new AbortController()
    api.contentPage(contentPageId, abort.signal).then(setPage, () => undefined)
    return () => abort.abort()
  }, [api, contentPageId])
  if (!page) return null
  return (
    <div className="checkout-complete__content">
      <ContentBlocks blocks={page.blocks} faqs={page.faqs} site={site} />
    </div>
  )
}

function Paid({ order }: { order: OrderView }) {
  const { t } = useTranslation()
  const { site } = useRootData()
  // Scan products are sent in by the customer: their own page says what happens next, nothing is delivered.
  const scansOnly = order.lines.length > 0 && order.lines.every((line) => isSampleProduct(line.productType))
  return (
    <>
      <p className="checkout-complete__number" role="status">
        {t('checkout.complete.orderNumber', { number: order.orderNumber })}
      </p>
      <p>{t('checkout.complete.mailSent', { email: order.customer.emailAddress })}</p>
      {order.invoiceUrl && (
        <p>
          <a href={order.invoiceUrl} download>
            {t('checkout.complete.invoice')}
          </a>
        </p>
      )}
      {scansOnly ? (
        <SitePage contentPageId={site.checkoutSuccessRqsPageId} />
      ) : (
        <>
          <p>{t('checkout.complete.delivery')}</p>
          <SitePage contentPageId={site.checkoutSuccessPageId} />
        </>
      )}
    </>
  )
}

function Waiting({
  order,
  stopped,
  paused,
  onCheck,
}: {
  order: OrderView
  stopped: boolean
  paused: boolean
  onCheck: () => void
}) {
  const { t } = useTranslation()
  return (
    <>
      <p role="status">
        {stopped ? t('checkout.complete.waitingStopped') : t('checkout.complete.waiting')}
        {paused && ` ${t('checkout.complete.waitingPaused')}`}
      </p>
      <p className="checkout-complete__number">{t('checkout.complete.orderNumber', { number: order.orderNumber })}</p>
      <div className="checkout-actions">
        <a className="button" href={order.paymentUrl!}>
          {t('checkout.complete.toPayment')}
        </a>
        {stopped && (
          <button type="button" className="button button--secondary" onClick={onCheck}>
            {t('checkout.complete.checkAgain')}
          </button>
        )}
      </div>
    </>
  )
}

function Failed({ order, orderKey, onPaid }: { order: OrderView; orderKey: string; onPaid: () => void }) {
  const { t } = useTranslation()
  const { site } = useRootData()
  const { api } = useServices()
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const payAgain = async () => {
    if (!navigator.onLine) return setProblem(t('checkout.complete.payAgainOffline'))
    setBusy(true)
    setProblem(null)
    try {
      const answer = await api.payAgain(order.orderId, orderKey)
      if (answer.paymentUrl) return window.location.assign(answer.paymentUrl)
      // Nothing to start: the order moved on meanwhile (paid, or ended); read it again.
      setBusy(false)
      onPaid()
    } catch (error) {
      setBusy(false)
      const minutes = retryAfterMinutes(error)
      const outcome = outcomeOf(error)
      setProblem(
        minutes !== null
          ? t('errors.rateLimited', { minutes })
          : outcome.kind === 'paymentUnavailable'
            ? t('errors.paymentUnavailable')
            : isUnreachable(error)
              ? t('checkout.complete.payAgainOffline')
              : t('checkout.error'),
      )
    }
  }
  return (
    <>
      <p role="status">{t('checkout.complete.failed')}</p>
      <p className="checkout-complete__number">{t('checkout.complete.orderNumber', { number: order.orderNumber })}</p>
      {problem && (
        <p className="checkout__error" role="alert">
          {problem}
        </p>
      )}
      <div className="checkout-actions">
        <button type="button" className="button button--large" disabled={busy} onClick={() => void payAgain()}>
          {t('checkout.complete.payAgain')}
        </button>
      </div>
      <SitePage contentPageId={site.checkoutFailedPageId} />
    </>
  )
}

function Ended({ order }: { order: OrderView }) {
  const { t } = useTranslation()
  const { language } = useRootData()
  return (
    <>
      <p role="status">
        {t(order.status === 'expired' ? 'checkout.complete.expired' : 'checkout.complete.cancelled', {
          number: order.orderNumber,
        })}
      </p>
      <p>
        <Link className="button" to={localPath(language.pathPrefix, CART_SLUGS[language.code])}>
          {t('checkout.complete.toCart')}
        </Link>
      </p>
    </>
  )
}
