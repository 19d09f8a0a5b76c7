// The signed-in account's orders and invoices (docs/accounts.md, "Orders and invoices"):
// - GET /api/account/orders: its orders on the request's site, newest first;
// - GET /api/account/orders/:orderId: one of them, with lines, totals, addresses and the invoice once paid;
// - GET /api/account/orders/:orderId/invoice: that invoice's PDF, without the order key the guest's link needs;
// - GET /api/account/invoices: the invoices of its orders, newest first.
// 401 `notSignedIn` without a signed-in session; another's order is a 404 like a missing one. Never cached by anyone:
// the answers name a person (cache 'none', and the session plugin marks them personal besides).
import type { FastifyReply } from 'fastify'
import { z } from 'zod'
import { AccountInvoiceListSchema, AccountOrderListSchema, AccountOrderSchema } from '../../domain/account-orders.ts'
import { OrderParamsSchema } from '../../domain/orders.ts'
import { signedInAccount } from '../accounts/account.routes.ts'
import type { AppContext, ZodApp } from '../context.ts'
import { scopeOf } from '../http/scope.ts'
import { AccountOrderService } from './account-order.service.ts'

const none = { cache: 'none' } as const
const SIGNED_IN = '401 `notSignedIn` without a signed-in session.'

export async function accountOrderRoutes(app: ZodApp, { database, invoices, orderPayments }: AppContext) {
  const service = new AccountOrderService({ database, invoices, orderPayments })

  app.get(
    '/api/account/orders',
    {
      config: none,
      schema: {
        summary: "The signed-in account's orders, newest first",
        description: SIGNED_IN,
        response: { 200: AccountOrderListSchema },
      },
    },
    async (request) => service.list(scopeOf(request), await signedInAccount(request)),
  )

  app.get(
    '/api/account/orders/:orderId',
    {
      config: none,
      schema: {
        summary: "One of the signed-in account's orders",
        description: `${SIGNED_IN} 404 \`orderNotFound\` for an order that is not the account's on this site.`,
        params: OrderParamsSchema,
        response: { 200: AccountOrderSchema },
      },
    },
    async (request) => service.get(scopeOf(request), await signedInAccount(request), request.params.orderId),
  )

  app.get(
    '/api/account/orders/:orderId/invoice',
    {
      config: none,
      schema: {
        summary: "The invoice (PDF) of one of the signed-in account's orders",
        description:
          `${SIGNED_IN} Answers \`application/pdf\` as an attachment named after the invoice number; 404 ` +
          "`orderNotFound` for an order that is not the account's on this site; 409 `orderNotPaid` before it is paid.",
        params: OrderParamsSchema,
        produces: ['application/pdf'],
        response: {
          200: z.string().meta({ description: 'The invoice as a PDF document (application/pdf).', format: 'binary' }),
        },
      },
    },
    async (request, typedReply) => {
      const reply = typedReply as unknown as FastifyReply
      const accountId = await signedInAccount(request)
      const { invoiceNumber, pdf } = await service.invoicePdf(scopeOf(request), accountId, request.params.orderId)
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${invoiceNumber}.pdf"`)
        .send(pdf)
    },
  )

  app.get(
    '/api/account/invoices',
    {
      config: none,
      schema: {
        summary: "The invoices of the signed-in account's orders, newest first",
        description: SIGNED_IN,
        response: { 200: AccountInvoiceListSchema },
      },
    },
    async (request) => service.invoices(scopeOf(request), await signedInAccount(request)),
  )
}
