// The cart's payment step (cart-payment.ts). Thin: what each route needs from outside the transaction (the site's
// catalogue and prices, the provider's issuers, a gift card's pin checked) is made ready first, then the change runs in
// one transaction, once per Idempotency-Key. Checking a card counts against the `giftCardCheck` rate limit (per
// address and per card number), so pins cannot be guessed. Never cached on the way.
import { z } from 'zod'
import {
  CartIdParamsSchema,
  GiftCardBodySchema,
  PaymentBodySchema,
  PaymentMethodsSchema,
} from '../../domain/cart-api.ts'
import { GiftCardCheckSchema } from '../../domain/cart.ts'
import type { AppContext, ZodApp } from '../context.ts'
import { scopeOf } from '../http/scope.ts'
import { runChange } from './idempotency.ts'

const none = { cache: 'none' } as const

export async function cartPaymentRoutes(app: ZodApp, { database: { db }, carts, cartPayment }: AppContext) {
  app.get(
    '/api/cart/:id/paymentmethods',
    {
      config: none,
      schema: {
        summary: "The site's payment methods with what each costs this cart and their issuers (iDEAL's banks)",
        params: CartIdParamsSchema,
        response: { 200: PaymentMethodsSchema },
      },
    },
    (request) => cartPayment.methods(scopeOf(request), request.params.id),
  )

  app.post(
    '/api/cart/:id/payment',
    {
      config: { ...none, limit: 'giftCardCheck' },
      schema: {
        summary: 'Keeps the payment selection: method, issuer, and optionally a gift card',
        description:
          'Only paymentMethodId is required. An issuer must be one GET paymentmethods lists for the method ' +
          '(400 unknownIssuer). A giftCardNumber with its giftCardPin adds that card (400 giftCardInvalid, counted ' +
          'against the giftCardCheck rate limit); without one the cart keeps its card.',
        params: CartIdParamsSchema,
        body: PaymentBodySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const scope = await carts.prepare(scopeOf(request))
      const selection = await cartPayment.check(scope, request.body)
      return runChange(db, request, reply, request.params.id, async (trx) => {
        await cartPayment.select(trx, scope, request.params.id, selection)
        return { status: 204 }
      })
    },
  )

  app.get(
    '/api/cart/:id/giftcard',
    {
      config: none,
      schema: {
        summary: "The cart's gift card: its balance now and what it pays of the cart (null without one)",
        params: CartIdParamsSchema,
        response: { 200: GiftCardCheckSchema.nullable() },
      },
    },
    async (request) => cartPayment.giftCard(await carts.prepare(scopeOf(request)), request.params.id),
  )

  app.post(
    '/api/cart/:id/giftcard',
    {
      config: { ...none, limit: 'giftCardCheck' },
      schema: {
        summary: 'Checks a gift card and keeps it on the cart',
        description:
          'Answers its balance and what it pays of this cart; a wrong number or pin, a card of another site or a ' +
          'balance of 0 answer 400 giftCardInvalid. Rate-limited (giftCardCheck) per address and per card number.',
        params: CartIdParamsSchema,
        body: GiftCardBodySchema,
        response: { 200: GiftCardCheckSchema },
      },
    },
    async (request, reply) => {
      const scope = await carts.prepare(scopeOf(request))
      const card = await cartPayment.checkCard(scope, request.body.giftCardNumber, request.body.giftCardPin)
      return runChange(db, request, reply, request.params.id, async (trx) => ({
        status: 200,
        body: await cartPayment.addGiftCard(trx, scope, request.params.id, card),
      }))
    },
  )

  app.delete(
    '/api/cart/:id/giftcard',
    {
      config: none,
      schema: { summary: "Removes the cart's gift card", params: CartIdParamsSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const scope = scopeOf(request)
      return runChange(db, request, reply, request.params.id, async (trx) => {
        await cartPayment.removeGiftCard(trx, scope, request.params.id)
        return { status: 204 }
      })
    },
  )
}
