// GET /api/orders/:orderId/invoice?key=…: a paid order's invoice as a PDF download, to whoever has the order's key
// (the complete page, the link in the payment-received mail). The key is checked as for the order itself: a wrong
// key, another site's order and an unknown order are the same 404; an order not paid yet has no invoice (409
// `orderNotPaid`). Never stored on the way: it names a person and their address.
import type { FastifyReply } from 'fastify'
import { z } from 'zod'
import { OrderKeyQuerySchema, OrderParamsSchema } from '../../domain/orders.ts'
import type { AppContext, ZodApp } from '../context.ts'
import { scopeOf } from '../http/scope.ts'

export async function invoiceRoutes(app: ZodApp, { orders, invoices }: AppContext) {
  app.get(
    '/api/orders/:orderId/invoice',
    {
      config: { cache: 'none' },
      schema: {
        summary: "A paid order's invoice (PDF)",
        description:
          'Answers `application/pdf` as an attachment named after the invoice number (`F2026-000123.pdf`). ' +
          '404 `orderNotFound` for a wrong key, an unknown order or one of another site; 409 `orderNotPaid` before ' +
          'the order is paid. The order answer names the address as `invoiceUrl` once there is an invoice.',
        params: OrderParamsSchema,
        querystring: OrderKeyQuerySchema,
        // The answer's media type in the OpenAPI document (the body is the PDF's bytes, never serialised as JSON).
        produces: ['application/pdf'],
        response: {
          200: z.string().meta({ description: 'The invoice as a PDF document (application/pdf).', format: 'binary' }),
        },
      },
    },
    async (request, typedReply) => {
      const reply = typedReply as unknown as FastifyReply
      const scope = scopeOf(request)
      const { orderId } = request.params
      await orders.get(scope, orderId, request.query.key)
      const { invoiceNumber, pdf } = await invoices.pdf(scope, orderId)
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${invoiceNumber}.pdf"`)
        .send(pdf)
    },
  )
}
