// The order API. GET /api/orders/:orderId?key=… answers an order of the request's site to whoever has its key (the
// guest's link from the confirmation mail); a wrong key answers exactly as a missing order does (404), so the API
// never tells whether an order id exists. Never cached on the way: the status moves.
// Placing an order (POST /api/cart/:id/order, with an Idempotency-Key, starting the payment) is wired with the
// payment providers: see docs/orders.md.
import { OrderKeyQuerySchema, OrderParamsSchema, OrderSchema } from '../../domain/orders.ts'
import type { AppContext, ZodApp } from '../context.ts'
import { scopeOf } from '../http/scope.ts'

export async function orderRoutes(app: ZodApp, { orders }: AppContext) {
  app.get(
    '/api/orders/:orderId',
    {
      config: { cache: 'none' },
      schema: { params: OrderParamsSchema, querystring: OrderKeyQuerySchema, response: { 200: OrderSchema } },
    },
    (request) => orders.get(scopeOf(request), request.params.orderId, request.query.key),
  )
}
