// The back-office API: what the warehouse or ERP feeds the shop. Every call carries `Authorization: Bearer <token>`
// (BACKOFFICE_TOKEN), checked before the body is even read, so a caller without the token learns nothing about the
// API; a missing and a wrong token get the same answer. Without a configured token (development) the API answers 503.
// Its calls belong to no site or language, so they skip the request scope; machines call it with the token, never a
// browser page, so it skips the cross-site check too.
import {
  OrderStatusChangeSchema,
  OrderStatusUpdateSchema,
  StockUpdateResultSchema,
  StockUpdateSchema,
} from '../../domain/backoffice-api.ts'
import { AppError } from '../../domain/errors.ts'
import { OrderParamsSchema } from '../../domain/orders.ts'
import type { AppContext, ZodApp } from '../context.ts'
import { header } from '../http/scope.ts'
import { BackofficeToken } from './backoffice-token.ts'
import { backofficeReviewRoutes } from '../reviews/review-backoffice.routes.ts'
import { backofficeScanRoutes } from '../scans/scan-backoffice.routes.ts'
import { changeOrderStatus, updateStock } from './backoffice.service.ts'

export async function backofficeRoutes(app: ZodApp, context: AppContext) {
  const { config, database, catalogue, orders } = context
  const token = config.BACKOFFICE_TOKEN === undefined ? undefined : new BackofficeToken(config.BACKOFFICE_TOKEN)

  app.addHook('onRequest', async (request, reply) => {
    if (!token) {
      throw new AppError('serviceUnavailable', 503, 'The back-office API is not configured (BACKOFFICE_TOKEN).')
    }
    if (!token.accepts(header(request, 'authorization'))) {
      reply.header('www-authenticate', 'Bearer')
      throw new AppError('unauthorized', 401, 'A valid back-office token is required.')
    }
  })

  app.put(
    '/api/backoffice/stock',
    {
      config: { scoped: false, cache: 'none', crossSite: 'allow' },
      // 1,000 rows fit in 64 KB written tight; a warehouse's export may be indented.
      bodyLimit: 256 * 1024,
      schema: { body: StockUpdateSchema, response: { 200: StockUpdateResultSchema } },
    },
    async (request) => {
      const origin = { action: 'stock', tokenFingerprint: token!.fingerprint, requestId: request.id }
      const result = await updateStock(database, request.body, origin)
      // This server's catalogue reads the new version at once; other servers within their check interval.
      await catalogue.refresh()
      return result
    },
  )

  app.put(
    '/api/backoffice/orders/:orderId/status',
    {
      config: { scoped: false, cache: 'none', crossSite: 'allow' },
      schema: { params: OrderParamsSchema, body: OrderStatusUpdateSchema, response: { 200: OrderStatusChangeSchema } },
    },
    async (request) => {
      const origin = { action: 'order-status', tokenFingerprint: token!.fingerprint, requestId: request.id }
      const change = await changeOrderStatus(database, orders.moves, request.params.orderId, request.body, origin)
      // A cancelled order gave its stock back.
      if (change.changed && change.to === 'cancelled') await catalogue.refresh()
      return change
    },
  )

  // Moderation of written reviews, and scan results and feed advice for accounts: the same token, the same audit.
  const originOf = (action: string, requestId: string) => ({ action, tokenFingerprint: token!.fingerprint, requestId })
  backofficeReviewRoutes(app, context, originOf)
  backofficeScanRoutes(app, context, originOf)
}
