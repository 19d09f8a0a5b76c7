// The cart and cart-calculation API. Thin: each route names its parameters (every one required, but the quantity of
// an added product) and makes one call. Every change runs through runChange (a stored cart's
// through changeCart): in a transaction, once per Idempotency-Key. Nothing here is ever cached on the way (cache: 'none').
import type { FastifyRequest } from 'fastify'
import type { Transaction } from 'kysely'
import { z } from 'zod'
import {
  AddBundleQuerySchema,
  AddProductQuerySchema,
  AlternativeShippingQuerySchema,
  BillingSchema,
  CartCalculation2Schema,
  CartDescriptionSchema,
  CartIdParamsSchema,
  CartLineParamsSchema,
  CartSampleParamsSchema,
  CompanyInfoSchema,
  DealerQuerySchema,
  DiscountCodeQuerySchema,
  DpdPickupPointQuerySchema,
  ImpersonateQuerySchema,
  NewsletterQuerySchema,
  PaymentBodySchema,
  QuantityQuerySchema,
  RecommendationsSchema,
  SampleNameQuerySchema,
  SetPasswordQuerySchema,
  ShippingBodySchema,
  ShippingMethodsSchema,
} from '../../domain/cart-api.ts'
import { CartCalculationSchema, PricingRulesSchema } from '../../domain/cart-calculation.ts'
import { CartSchema } from '../../domain/cart.ts'
import type { AppContext, ZodApp } from '../context.ts'
import { scopeOf } from '../http/scope.ts'
import type { Database } from '../db/schema.ts'
import { impersonate } from './cart-impersonation.ts'
import { recommendations } from './cart-recommendations.ts'
import type { CartScope } from './cart.service.ts'
import { runChange, type Outcome } from './idempotency.ts'

const NO_CONTENT: Outcome = { status: 204 }
const none = { cache: 'none' } as const
const noContent = { 204: z.null() }

export async function cartRoutes(app: ZodApp, { database: { db }, carts, cartCheckout, cartCalculator }: AppContext) {
  /**
   * A change of the stored cart `:id`, answered 204: the site's catalogue and prices are made ready first, outside the
   * transaction; then the change runs in one, once per Idempotency-Key.
   */
  const changeCart = async (
    request: FastifyRequest & { params: { id: string } },
    reply: object,
    effect: (trx: Transaction<Database>, scope: CartScope) => Promise<unknown>,
  ) => {
    const scope = await carts.prepare(scopeOf(request))
    return runChange(db, request, reply, request.params.id, async (trx) => {
      await effect(trx, scope)
      return NO_CONTENT
    })
  }

  // Create: a shopper without a cart gets a new one (the app keeps its id).
  app.post('/api/cart', { config: none, schema: { response: { 200: CartSchema } } }, (request, reply) =>
    runChange(db, request, reply, null, async (trx) => ({
      status: 200,
      body: await carts.create(trx, scopeOf(request), { clientIp: request.ip || null }),
    })),
  )

  app.get(
    '/api/cart/:id',
    { config: none, schema: { params: CartIdParamsSchema, response: { 200: CartSchema } } },
    (request) => carts.get(scopeOf(request), request.params.id),
  )

  // The prices around the cart on this site, for the app's provisional totals while offline.
  app.get('/api/cart/pricing', { schema: { response: { 200: PricingRulesSchema } } }, (request) =>
    carts.rules(scopeOf(request).site),
  )

  app.post(
    '/api/cart/impersonate',
    { config: none, schema: { querystring: ImpersonateQuerySchema, response: { 200: CartSchema } } },
    async (request, reply) => {
      const scope = await carts.prepare(scopeOf(request))
      return runChange(db, request, reply, null, async (trx) => ({
        status: 200,
        body: await impersonate(trx, scope, request.query.key),
      }))
    },
  )

  // Products: add (default quantity 1), change the quantity, remove; the deprecated PUT keeps working.
  app.post(
    '/api/cart/:id/products',
    { config: none, schema: { params: CartIdParamsSchema, querystring: AddProductQuerySchema, response: noContent } },
    (request, reply) =>
      changeCart(request, reply, async (trx, scope) => {
        const { productVariantId, quantity } = request.query
        await carts.addProduct(trx, scope, request.params.id, productVariantId, quantity)
      }),
  )

  for (const [method, url] of [
    ['POST', '/api/cart/:id/products/:productVariantId'],
    ['PUT', '/api/cart/:id/products-deprecated/:productVariantId'],
  ] as const)
    app.route({
      method,
      url,
      config: none,
      schema: { params: CartLineParamsSchema, querystring: QuantityQuerySchema, response: noContent },
      handler: (request, reply) =>
        changeCart(request, reply, (trx, scope) =>
          carts.change(trx, scope, request.params.id, {
            type: 'setQuantity',
            productVariantId: request.params.productVariantId,
            quantity: request.query.quantity,
          }),
        ),
    })

  app.delete(
    '/api/cart/:id/products/:productVariantId',
    { config: none, schema: { params: CartLineParamsSchema, response: noContent } },
    (request, reply) =>
      changeCart(request, reply, (trx, scope) =>
        carts.change(trx, scope, request.params.id, {
          type: 'remove',
          productVariantId: request.params.productVariantId,
        }),
      ),
  )

  // A quality-scan sample, by its sequence.
  app.delete(
    '/api/cart/:id/products/:productVariantId/:sequence',
    { config: none, schema: { params: CartSampleParamsSchema, response: noContent } },
    (request, reply) =>
      changeCart(request, reply, async (trx, scope) => {
        const { id, productVariantId, sequence } = request.params
        await carts.change(trx, scope, id, { type: 'removeSample', productVariantId, sequence })
      }),
  )

  app.post(
    '/api/cart/:id/rqssamplename',
    { config: none, schema: { params: CartIdParamsSchema, querystring: SampleNameQuerySchema, response: noContent } },
    (request, reply) =>
      changeCart(request, reply, async (trx, scope) => {
        const { productVariantId, sequence, samplename } = request.query
        await carts.change(trx, scope, request.params.id, {
          type: 'setSampleName',
          productVariantId,
          sequence,
          sampleName: samplename,
        })
      }),
  )

  app.post(
    '/api/cart/:id/productbundles',
    { config: none, schema: { params: CartIdParamsSchema, querystring: AddBundleQuerySchema, response: noContent } },
    (request, reply) =>
      changeCart(request, reply, async (trx, scope) => {
        const { productVariantBundleId, quantity } = request.query
        await carts.addBundle(trx, scope, request.params.id, productVariantBundleId, quantity)
      }),
  )

  app.post(
    '/api/cart/:id/discountcode',
    { config: none, schema: { params: CartIdParamsSchema, querystring: DiscountCodeQuerySchema, response: noContent } },
    (request, reply) =>
      changeCart(request, reply, (trx, scope) =>
        carts.change(trx, scope, request.params.id, { type: 'setDiscountCode', code: request.query.code }),
      ),
  )

  app.delete(
    '/api/cart/:id/discountcode',
    { config: none, schema: { params: CartIdParamsSchema, response: noContent } },
    (request, reply) =>
      changeCart(request, reply, (trx, scope) =>
        carts.change(trx, scope, request.params.id, { type: 'removeDiscountCode' }),
      ),
  )

  app.get(
    '/api/cart/:id/recommendations',
    { config: none, schema: { params: CartIdParamsSchema, response: { 200: RecommendationsSchema } } },
    (request) => recommendations(carts, scopeOf(request), request.params.id),
  )

  app.get(
    '/api/cart/:id/shippingmethods',
    { config: none, schema: { params: CartIdParamsSchema, response: { 200: ShippingMethodsSchema } } },
    (request) => cartCalculator.shippingMethods(scopeOf(request), request.params.id),
  )

  // Checkout details kept on the cart.
  app.post(
    '/api/cart/:id/billing',
    { config: none, schema: { params: CartIdParamsSchema, body: BillingSchema, response: noContent } },
    (request, reply) =>
      changeCart(request, reply, (trx, scope) => cartCheckout.setBilling(trx, scope, request.params.id, request.body)),
  )

  app.put(
    '/api/cart/:id/shipping',
    { config: none, schema: { params: CartIdParamsSchema, body: ShippingBodySchema, response: noContent } },
    (request, reply) =>
      changeCart(request, reply, (trx, scope) => cartCheckout.setShipping(trx, scope, request.params.id, request.body)),
  )

  for (const [method, url] of [
    ['POST', '/api/cart/:id/alternativeshipping'],
    ['PUT', '/api/cart/:id/alternativeshipping-deprecated'],
  ] as const)
    app.route({
      method,
      url,
      config: none,
      schema: { params: CartIdParamsSchema, querystring: AlternativeShippingQuerySchema, response: noContent },
      handler: (request, reply) =>
        changeCart(request, reply, async (trx, scope) => {
          const { alternativeShippingAddress } = request.query
          await cartCheckout.setAlternativeShipping(trx, scope, request.params.id, alternativeShippingAddress)
        }),
    })

  app.put(
    '/api/cart/:id/companyinfo',
    { config: none, schema: { params: CartIdParamsSchema, body: CompanyInfoSchema, response: noContent } },
    (request, reply) =>
      changeCart(request, reply, (trx, scope) => cartCheckout.setCompany(trx, scope, request.params.id, request.body)),
  )

  app.post(
    '/api/cart/:id/payment',
    { config: none, schema: { params: CartIdParamsSchema, body: PaymentBodySchema, response: noContent } },
    (request, reply) =>
      changeCart(request, reply, (trx, scope) =>
        cartCheckout.setPayment(trx, scope, request.params.id, request.body.paymentMethodId),
      ),
  )

  app.post(
    '/api/cart/:id/newsletter',
    { config: none, schema: { params: CartIdParamsSchema, querystring: NewsletterQuerySchema, response: noContent } },
    (request, reply) =>
      changeCart(request, reply, (trx, scope) =>
        cartCheckout.setNewsletter(trx, scope, request.params.id, request.query.subscribe),
      ),
  )

  app.post(
    '/api/cart/:id/setpassword',
    { config: none, schema: { params: CartIdParamsSchema, querystring: SetPasswordQuerySchema, response: noContent } },
    (request, reply) =>
      changeCart(request, reply, async (trx, scope) => {
        const { password, confirmUrl } = request.query
        await cartCheckout.setPassword(trx, scope, request.params.id, password, confirmUrl)
      }),
  )

  app.post(
    '/api/cart/:id/setdealer',
    { config: none, schema: { params: CartIdParamsSchema, querystring: DealerQuerySchema, response: noContent } },
    (request, reply) =>
      changeCart(request, reply, (trx, scope) =>
        cartCheckout.setDealer(trx, scope, request.params.id, request.query.dealerId),
      ),
  )

  app.post(
    '/api/cart/:id/setdpdpickuppoint',
    {
      config: none,
      schema: { params: CartIdParamsSchema, querystring: DpdPickupPointQuerySchema, response: noContent },
    },
    (request, reply) =>
      changeCart(request, reply, async (trx, scope) => {
        const { parcelShopId, parcelShopZipcodeOrCity } = request.query
        await cartCheckout.setPickupPoint(trx, scope, request.params.id, parcelShopId, parcelShopZipcodeOrCity)
      }),
  )

  // Calculation: of a stored cart, of a described one, and calculate2 (the cart, its calculation and notices).
  app.post(
    '/api/cartcalculation/:id/calculate',
    { config: none, schema: { params: CartIdParamsSchema, response: { 200: CartCalculationSchema } } },
    async (request) => (await cartCalculator.calculateStored(scopeOf(request), request.params.id)).calculation,
  )

  app.post(
    '/api/cartcalculation/calculate',
    { config: none, schema: { body: CartDescriptionSchema, response: { 200: CartCalculationSchema } } },
    (request) => cartCalculator.calculateDescribed(scopeOf(request), request.body),
  )

  app.post(
    '/api/cartcalculation/:id/calculate2',
    { config: none, schema: { params: CartIdParamsSchema, response: { 200: CartCalculation2Schema } } },
    (request) => cartCalculator.calculateStored(scopeOf(request), request.params.id),
  )
}
