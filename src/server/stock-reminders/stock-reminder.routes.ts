// Back-in-stock reminders (stock-reminder.service.ts holds the rules):
// - POST /api/stockreminders: notify me by e-mail; the cancel token when this call made the request.
// - POST /api/stockreminders/cancel?token: the link in every reminder mail (no sign-in).
// - GET /api/push/key: the VAPID public key to subscribe with.
// - POST /api/stockreminders/push, …/push/list, …/push/cancel: a device's push reminders (the endpoint is its key,
//   sent in the body so it stays out of logs and caches).
// - GET /api/account/stockreminders, DELETE /api/account/stockreminders/{channel}/{id}: the signed-in account's.
// Never cached: every answer is about one person or device.
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { AppError } from '../../domain/errors.ts'
import {
  AccountReminderParamsSchema,
  AccountStockRemindersSchema,
  CancelQuerySchema,
  PushEndpointSchema,
  PushKeySchema,
  PushReminderCancelSchema,
  PushReminderListSchema,
  PushReminderRequestSchema,
  StockReminderCancelledSchema,
  StockReminderCreatedSchema,
  StockReminderRequestSchema,
} from '../../domain/stock-reminders.ts'
import type { AppContext, ZodApp } from '../context.ts'
import { scopeOf } from '../http/scope.ts'
import { findAccountForNewsletter } from '../newsletter/newsletter.repository.ts'
import { hostnameOf } from '../sites/site.directory.ts'
import { originFor } from '../sites/site.service.ts'

const none = { cache: 'none' } as const

/** The signed-in, activated account of the request on its site, else 401 `notSignedIn`. */
async function accountOf(request: FastifyRequest, { database }: AppContext) {
  const accountId = await request.session.accountId()
  const account = accountId === null ? undefined : await findAccountForNewsletter(database.db, { id: accountId })
  if (!account || account.siteId !== scopeOf(request).site.id || !account.activated)
    throw new AppError('notSignedIn', 401, 'Sign in first.')
  return account
}

export async function stockReminderRoutes(app: ZodApp, context: AppContext) {
  const { stockReminders, publicUrl, pushKey } = context

  app.post(
    '/api/stockreminders',
    {
      config: { ...none, limit: 'stockReminder' },
      schema: {
        summary: 'Asks for one e-mail when a variant that cannot be ordered now is back',
        description:
          'Confirmed by a mail with a cancel link. Asked again while it waits, it is the same request (cancelToken ' +
          'null); served, cancelled or lapsed (six months), it waits again. 409 productOrderable when it can be ' +
          'ordered now, 404 stockRemindersOff where the site sends no reminders.',
        body: StockReminderRequestSchema,
        response: { 200: StockReminderCreatedSchema },
      },
    },
    async (request) => {
      const scope = scopeOf(request)
      return stockReminders.request(scope, request.body, {
        origin: originFor(scope.site, hostnameOf(request.host), publicUrl),
        accountId: await request.session.accountId(),
      })
    },
  )

  app.post(
    '/api/stockreminders/cancel',
    {
      config: { ...none, crossSite: 'allow' },
      schema: {
        summary: 'Cancels an e-mail reminder by the link in its mail',
        description: 'A second click answers the same; an unknown token is 410 stockReminderLinkInvalid.',
        querystring: CancelQuerySchema,
        response: { 200: StockReminderCancelledSchema },
      },
    },
    async (request) => stockReminders.cancel(scopeOf(request), request.query.token),
  )

  app.get(
    '/api/push/key',
    {
      config: { cache: 'long' },
      schema: { summary: 'The VAPID public key push subscriptions are made with', response: { 200: PushKeySchema } },
    },
    async () => ({ publicKey: (await pushKey()).publicKey }),
  )

  app.post(
    '/api/stockreminders/push',
    {
      config: { ...none, limit: 'stockReminder' },
      schema: {
        summary: 'Asks for one push message on this device when a variant is back',
        description: '400 pushEndpointRefused for an endpoint that is not a browser push service.',
        body: PushReminderRequestSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await stockReminders.subscribePush(scopeOf(request), request.body, await request.session.accountId())
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/api/stockreminders/push/list',
    {
      config: none,
      schema: {
        summary: 'The variants a push subscription waits for on this site',
        body: PushEndpointSchema,
        response: { 200: PushReminderListSchema },
      },
    },
    async (request) => ({
      productVariantIds: await stockReminders.pushVariants(scopeOf(request), request.body.endpoint),
    }),
  )

  app.post(
    '/api/stockreminders/push/cancel',
    {
      config: none,
      schema: {
        summary: 'Cancels a push reminder of this device',
        body: PushReminderCancelSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await stockReminders.cancelPush(scopeOf(request), request.body.endpoint, request.body.productVariantId)
      return reply.status(204).send(null)
    },
  )

  app.get(
    '/api/account/stockreminders',
    {
      config: none,
      schema: {
        summary: 'The signed-in account’s waiting back-in-stock reminders',
        response: { 200: AccountStockRemindersSchema },
      },
    },
    async (request) => stockReminders.ofAccount(scopeOf(request), await accountOf(request, context)),
  )

  app.delete(
    '/api/account/stockreminders/:channel/:id',
    {
      config: none,
      schema: {
        summary: 'Cancels one of the signed-in account’s reminders',
        params: AccountReminderParamsSchema,
        response: { 200: AccountStockRemindersSchema },
      },
    },
    async (request) => {
      const scope = scopeOf(request)
      const account = await accountOf(request, context)
      await stockReminders.cancelForAccount(scope, account, request.params.channel, request.params.id)
      return stockReminders.ofAccount(scope, account)
    },
  )
}
