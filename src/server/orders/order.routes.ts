// The order API.
// - POST /api/cart/:id/order (Idempotency-Key required) places the cart as an order in one transaction through the
//   idempotency keys (a retry after a lost answer gets the same order and key), then starts its payment outside that
//   transaction (order-payment.ts): `{ orderId, orderNumber, orderKey, status, paymentUrl }`.
// - GET /api/orders/:orderId?key=… answers an order of the request's site to whoever has its key (the complete page,
//   the guest's link from the confirmation mail), with the checkout of its payment while it is open; a wrong key
//   answers exactly as a missing order does (404), so the API never tells whether an order id exists.
//   Once the order is paid, `invoiceUrl` links its invoice (invoices/invoice.routes.ts) with the same key.
// - POST /api/orders/:orderId/payment?key=… starts a new payment for an open order whose payment failed.
// Never cached on the way: the status moves.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { CartIdParamsSchema } from '../../domain/cart-api.ts'
import { IDEMPOTENCY_HEADER } from '../../domain/cart-constants.ts'
import { AppError, ParameterRequiredError } from '../../domain/errors.ts'
import {
  OrderKeyQuerySchema,
  OrderParamsSchema,
  OrderStatusSchema,
  OrderViewSchema,
  PlacedOrderSchema,
} from '../../domain/orders.ts'
import { PLACEMENT_REFUSALS } from '../http/api-docs.ts'
import { header, scopeOf } from '../http/scope.ts'
import type { AppContext, ZodApp } from '../context.ts'
import { runOnce, send } from '../cart/idempotency.ts'
import { invoiceUrl } from '../invoices/invoice.service.ts'
import { GIFT_CARD_METHOD } from '../gift-cards/gift-card.service.ts'
import { hostnameOf } from '../sites/site.directory.ts'
import { originFor } from '../sites/site.service.ts'

const none = { cache: 'none' } as const
const PaymentStartSchema = z.object({ status: OrderStatusSchema, paymentUrl: z.url().nullable() })
/** What the placing transaction keeps as the Idempotency-Key's answer; the payment is looked up by the order. */
const Placed = z.object({ orderId: z.string(), orderNumber: z.number(), orderKey: z.string() })

export async function orderRoutes(
  app: ZodApp,
  { database: { db }, carts, catalogue, orders, orderPayments, invoices, publicUrl }: AppContext,
) {
  const originOf = (request: FastifyRequest) => originFor(scopeOf(request).site, hostnameOf(request.host), publicUrl)

  app.post(
    '/api/cart/:id/order',
    {
      config: { ...none, limit: 'orderPlacement', refusals: PLACEMENT_REFUSALS },
      schema: {
        summary: 'Places the cart as an order and starts its payment',
        description:
          'Requires an Idempotency-Key: the same key again answers the same order and payment. ' +
          'paymentUrl is null when nothing is to be paid (the order is paid at once).',
        params: CartIdParamsSchema,
        response: { 200: PlacedOrderSchema },
      },
    },
    async (request, typedReply) => {
      const reply = typedReply as unknown as FastifyReply
      if (header(request, IDEMPOTENCY_HEADER) === undefined) throw new ParameterRequiredError('Idempotency-Key')
      const scope = await carts.prepare(scopeOf(request))
      const origin = originOf(request)
      const cartId = request.params.id
      // Placed in a signed-in session, the order is the account's (the account area lists it).
      const accountId = await request.session.accountId()
      const placed = await runOnce(db, request, cartId, async (trx) => {
        const { order, orderKey } = await orders.place(trx, scope, cartId, { origin, accountId })
        // A payment method (not the gift card) is needed unless the gift card paid everything or the total is 0:
        // refused here, so the placement rolls back (the stock and the card's balance too).
        if (
          order.totals.paymentAmount > 0 &&
          !scope.site.paymentMethods.some(
            (m) => m.paymentMethodId === order.paymentMethodId && m.code !== GIFT_CARD_METHOD,
          )
        )
          throw new AppError('checkoutIncomplete', 409, `Cart ${cartId} has no payment method for what is left to pay.`)
        return { status: 200, body: { orderId: order.orderId, orderNumber: order.orderNumber, orderKey } }
      })
      // A refusal kept for this key is answered again as it was.
      if (placed.status !== 200) return send(reply, placed.status, placed.body, true) as unknown as undefined
      // The stock moved: this server's catalogue reads it at once (others within their check).
      if (!placed.replayed) await catalogue.refresh()
      const { orderId, orderNumber, orderKey } = Placed.parse(placed.body)
      // Outside the placing transaction: the provider is called with no lock held (order-payment.ts).
      const payment = await orderPayments.start(orderId, orderKey, { site: scope.site, origin })
      if (placed.replayed) reply.header('idempotent-replayed', 'true')
      return { orderId, orderNumber, orderKey, ...payment }
    },
  )

  app.get(
    '/api/orders/:orderId',
    {
      config: none,
      schema: { params: OrderParamsSchema, querystring: OrderKeyQuerySchema, response: { 200: OrderViewSchema } },
    },
    async (request) => {
      const { orderId } = request.params
      const { key } = request.query
      let order = await orders.get(scopeOf(request), orderId, key)
      if (order.status === 'open') {
        // The payer may be back before the webhook: ask the provider, then answer what it said.
        await orderPayments.refresh(orderId)
        order = await orders.get(scopeOf(request), orderId, key)
      }
      const paymentUrl = order.status === 'open' ? await orderPayments.checkoutUrl(orderId) : null
      const invoiced = (await invoices.numberOf(orderId)) !== undefined
      return { ...order, paymentUrl, invoiceUrl: invoiced ? invoiceUrl(originOf(request), orderId, key) : null }
    },
  )

  app.post(
    '/api/orders/:orderId/payment',
    {
      config: { ...none, limit: 'orderPlacement' },
      schema: {
        summary: 'Starts a new payment for an open order whose payment failed, was cancelled or expired',
        params: OrderParamsSchema,
        querystring: OrderKeyQuerySchema,
        response: { 200: PaymentStartSchema },
      },
    },
    async (request) => {
      const scope = scopeOf(request)
      const { orderId } = request.params
      await orders.get(scope, orderId, request.query.key)
      return orderPayments.start(orderId, request.query.key, {
        site: scope.site,
        origin: originOf(request),
        again: true,
      })
    },
  )
}
