// The payment provider's calls into the shop: its webhook (only the configured provider's), and, with the built-in
// test provider, its hosted page. Webhooks come from the provider's servers, not a page of this shop, so they skip the
// request scope and the cross-site check; what authenticates them is the provider's own (a signature, or a status
// fetched from the provider). Their bodies are read as text: a signature is over the bytes as sent.
import type { FastifyReply } from 'fastify'
import { z } from 'zod'
import { AppError } from '../../domain/errors.ts'
import type { AppContext, ZodApp } from '../context.ts'
import { cspNonce, pageDirectives, serializePolicy } from '../http/security-headers.ts'
import { PaymentProviderError, WebhookRefusedError } from './payment-provider.ts'
import { notFoundPage, OUTCOMES, testPaymentPage } from './test-provider-page.ts'
import { TEST_PAYMENT_ID, TestPaymentProvider } from './test-provider.ts'

const asText = (_request: unknown, body: string, done: (error: null, body: string) => void) => done(null, body)

const IdParams = z.object({ id: z.string().max(64) })
const OutcomeForm = z.object({ outcome: z.enum(OUTCOMES) })

/** The page's own policy: the app's page policy, with the form allowed to end at the shop's return address. */
function sendPage(reply: FastifyReply, html: (nonce: string) => string, returnTo?: string) {
  const nonce = cspNonce(reply)
  const formAction = ["'self'", ...(returnTo ? [new URL(returnTo).origin] : [])]
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', serializePolicy({ ...pageDirectives(nonce, false), 'form-action': formAction }))
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .send(html(nonce))
}

export async function paymentRoutes(app: ZodApp, { payments, config }: AppContext) {
  app.removeContentTypeParser(['application/json'])
  app.addContentTypeParser(['application/json', 'application/x-www-form-urlencoded'], { parseAs: 'string' }, asText)

  const provider = payments.provider
  app.post(
    `/api/payments/webhook/${provider.name}`,
    {
      config: { scoped: false, cache: 'none', crossSite: 'allow' },
      schema: {
        summary: 'The payment provider reports a change of a payment',
        description:
          'Called by the configured payment provider only: the test provider signs a JSON body ' +
          '(x-test-provider-signature), Mollie posts id=tr_… and the status is fetched from Mollie. ' +
          '401 for a call the provider did not sign; 200 for a known, repeated or unknown payment.',
        response: { 200: z.object({ received: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      try {
        const outcome = await payments.handleWebhook({
          headers: request.headers,
          rawBody: typeof request.body === 'string' ? request.body : '',
        })
        request.log.info({ webhook: provider.name, ...outcome }, 'payment webhook')
        return reply.status(200).send({ received: true })
      } catch (error) {
        if (error instanceof WebhookRefusedError) {
          request.log.warn({ webhook: provider.name, reason: error.message }, 'payment webhook refused')
          throw error.status === 401
            ? new AppError('unauthorized', 401, 'The webhook is not signed by the payment provider.')
            : new AppError('invalidBody', 400, 'The webhook body is not the payment provider’s.')
        }
        if (error instanceof PaymentProviderError) {
          // The provider calls again later; the status is not lost.
          request.log.error({ err: error }, 'payment webhook: the provider could not be asked')
          throw new AppError('serviceUnavailable', 503, 'The payment provider could not be reached.')
        }
        throw error
      }
    },
  )

  if (!(provider instanceof TestPaymentProvider)) return
  // Only the built-in provider's payments have a page here; never one in production by accident of the default.
  if (config.NODE_ENV === 'production') app.log.warn('PAYMENT_PROVIDER=test in production: payments are not real')

  app.get('/payments/test/:id', { schema: { params: IdParams, hide: true } }, async (request, reply) => {
    const payment = TEST_PAYMENT_ID.test(request.params.id) ? await provider.find(request.params.id) : undefined
    if (!payment) return sendPage(reply.status(404), notFoundPage)
    const refunds = await provider.refundsOf(payment.id)
    return sendPage(reply, (nonce) => testPaymentPage(payment, nonce, refunds), payment.redirectUrl)
  })

  app.post('/payments/test/:id', { schema: { params: IdParams, hide: true } }, async (request, reply) => {
    const payment = TEST_PAYMENT_ID.test(request.params.id) ? await provider.find(request.params.id) : undefined
    if (!payment) return sendPage(reply.status(404), notFoundPage)
    const form = OutcomeForm.safeParse(Object.fromEntries(new URLSearchParams(String(request.body ?? ''))))
    if (!form.success) throw new AppError('invalidBody', 400, 'Choose paid, failed, cancelled or expired.')
    // A payment decided already keeps its outcome; the payer goes back to the shop either way.
    await provider.decide(payment.id, form.data.outcome)
    return reply.redirect(payment.redirectUrl, 303)
  })
}
