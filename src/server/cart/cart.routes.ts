// SPEC §7 Cart and Cart calculation (issue #5). Thin: each route names its parameters (SPEC §5: every one required,
// but the quantity of an added product) and makes one call. Every change runs through runChange: in a transaction,
// once per Idempotency-Key. Nothing here is ever cached on the way (cache: 'none').
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
  CartPricingSchema,
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
import { CartCalculationSchema } from '../../domain/cart-calculation.ts'
import { CartSchema } from '../../domain/cart.ts'
import type { AppContext, ZodApp } from '../context.ts'
import { scopeOf } from '../http/scope.ts'
import { runChange, type Outcome } from './idempotency.ts'

const NO_CONTENT: Outcome = { status: 204 }
const none = { cache: 'none' } as const
const noContent = { 204: z.null() }

export async function cartRoutes(app: ZodApp, { database: { db }, carts }: AppContext) {
  // Create (SPEC §4 cart lifecycle: "no cart: a new one is created and its id stored").
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
  app.get('/api/cart/pricing', { schema: { response: { 200: CartPricingSchema } } }, (request) =>
    carts.rules(scopeOf(request).site),
  )

  app.post(
    '/api/cart/impersonate',
    { config: none, schema: { querystring: ImpersonateQuerySchema, response: { 200: CartSchema } } },
    async (request, reply) => {
      const scope = await carts.prepare(scopeOf(request))
      return runChange(db, request, reply, null, async (trx) => ({
        status: 200,
        body: await carts.impersonate(trx, scope, request.query.key),
      }))
    },
  )

  // Products: add (default quantity 1), change the quantity, remove; the deprecated PUT keeps working.
  app.post(
    '/api/cart/:id/products',
    { config: none, schema: { params: CartIdParamsSchema, querystring: AddProductQuerySchema, response: noContent } },
    async (request, reply) => {
      const scope = await carts.prepare(scopeOf(request))
      return runChange(db, request, reply, request.params.id, async (trx) => {
        const { productVariantId, quantity } = request.query
        // The product comes from the catalogue: the service fills it in.
        await carts.change(trx, scope, request.params.id, { type: 'add', productId: 1, productVariantId, quantity })
        return NO_CONTENT
      })
    },
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
      handler: async (request, reply) => {
        const scope = await carts.prepare(scopeOf(request))
        return runChange(db, request, reply, request.params.id, async (trx) => {
          await carts.change(trx, scope, request.params.id, {
            type: 'setQuantity',
            productVariantId: request.params.productVariantId,
            quantity: request.query.quantity,
          })
          return NO_CONTENT
        })
      },
    })

  app.delete(
    '/api/cart/:id/products/:productVariantId',
    { config: none, schema: { params: CartLineParamsSchema, response: noContent } },
    async (request, reply) => {
      const scope = await carts.prepare(scopeOf(request))
      return runChange(db, request, reply, request.params.id, async (trx) => {
        await carts.change(trx, scope, request.params.id, {
          type: 'remove',
          productVariantId: request.params.productVariantId,
        })
        return NO_CONTENT
      })
    },
  )

  // A quality-scan sample, by its sequence.
  app.delete(
    '/api/cart/:id/products/:productVariantId/:sequence',
    { config: none, schema: { params: CartSampleParamsSchema, response: noContent } },
    async (request, reply) => {
      const scope = await carts.prepare(scopeOf(request))
      return runChange(db, request, reply, request.params.id, async (trx) => {
        const { id, productVariantId, sequence } = request.params
        await carts.change(trx, scope, id, { type: 'removeSample', productVariantId, sequence })
        return NO_CONTENT
      })
    },
  )

  app.post(
    '/api/cart/:id/rqssamplename',
    { config: none, schema: { params: CartIdParamsSchema, querystring: SampleNameQuerySchema, response: noContent } },
    async (request, reply) => {
      const scope = await carts.prepare(scopeOf(request))
      return runChange(db, request, reply, request.params.id, async (trx) => {
        const { productVariantId, sequence, samplename } = request.query
        await carts.change(trx, scope, request.params.id, {
          type: 'setSampleName',
          productVariantId,
          sequence,
          sampleName: samplename,
        })
        return NO_CONTENT
      })
    },
  )

  app.post(
    '/api/cart/:id/productbundles',
    { config: none, schema: { params: CartIdParamsSchema, querystring: AddBundleQuerySchema, response: noContent } },
    async (request, reply) => {
      const scope = await carts.prepare(scopeOf(request))
      return runChange(db, request, reply, request.params.id, async (trx) => {
        const { productVariantBundleId, quantity } = request.query
        await carts.addBundle(trx, scope, request.params.id, productVariantBundleId, quantity)
        return NO_CONTENT
      })
    },
  )

  app.post(
    '/api/cart/:id/discountcode',
    { config: none, schema: { params: CartIdParamsSchema, querystring: DiscountCodeQuerySchema, response: noContent } },
    async (request, reply) => {
      const scope = await carts.prepare(scopeOf(request))
      return runChange(db, request, reply, request.params.id, async (trx) => {
        await carts.change(trx, scope, request.params.id, { type: 'setDiscountCode', code: request.query.code })
        return NO_CONTENT
      })
    },
  )

  app.delete(
    '/api/cart/:id/discountcode',
    { config: none, schema: { params: CartIdParamsSchema, response: noContent } },
    async (request, reply) => {
      const scope = await carts.prepare(scopeOf(request))
      return runChange(db, request, reply, request.params.id, async (trx) => {
        await carts.change(trx, scope, request.params.id, { type: 'removeDiscountCode' })
        return NO_CONTENT
      })
    },
  )

  app.get(
    '/api/cart/:id/recommendations',
    { config: none, schema: { params: CartIdParamsSchema, response: { 200: RecommendationsSchema } } },
    (request) => carts.recommendations(scopeOf(request), request.params.id),
  )

  app.get(
    '/api/cart/:id/shippingmethods',
    { config: none, schema: { params: CartIdParamsSchema, response: { 200: ShippingMethodsSchema } } },
    (request) => carts.shippingMethods(scopeOf(request), request.params.id),
  )

  // Checkout details kept on the cart.
  app.post(
    '/api/cart/:id/billing',
    { config: none, schema: { params: CartIdParamsSchema, body: BillingSchema, response: noContent } },
    async (request, reply) => {
      const scope = await carts.prepare(scopeOf(request))
      return runChange(db, request, reply, request.params.id, async (trx) => {
        await carts.setBilling(trx, scope, request.params.id, request.body)
        return NO_CONTENT
      })
    },
  )

  app.put(
    '/api/cart/:id/shipping',
    { config: none, schema: { params: CartIdParamsSchema, body: ShippingBodySchema, response: noContent } },
    async (request, reply) => {
      const scope = await carts.prepare(scopeOf(request))
      return runChange(db, request, reply, request.params.id, async (trx) => {
        await carts.setShipping(trx, scope, request.params.id, request.body)
        return NO_CONTENT
      })
    },
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
      handler: async (request, reply) => {
        const scope = await carts.prepare(scopeOf(request))
        return runChange(db, request, reply, request.params.id, async (trx) => {
          const { alternativeShippingAddress } = request.query
          await carts.setAlternativeShipping(trx, scope, request.params.id, alternativeShippingAddress)
          return NO_CONTENT
        })
      },
    })

  app.put(
    '/api/cart/:id/companyinfo',
    { config: none, schema: { params: CartIdParamsSchema, body: CompanyInfoSchema, response: noContent } },
    async (request, reply) => {
      const scope = await carts.prepare(scopeOf(request))
      return runChange(db, request, reply, request.params.id, async (trx) => {
        await carts.setCompany(trx, scope, request.params.id, request.body)
        return NO_CONTENT
      })
    },
  )

  app.post(
    '/api/cart/:id/payment',
    { config: none, schema: { params: CartIdParamsSchema, body: PaymentBodySchema, response: noContent } },
    async (request, reply) => {
      const scope = await carts.prepare(scopeOf(request))
      return runChange(db, request, reply, request.params.id, async (trx) => {
        await carts.setPayment(trx, scope, request.params.id, request.body.paymentMethodId)
        return NO_CONTENT
      })
    },
  )

  app.post(
    '/api/cart/:id/newsletter',
    { config: none, schema: { params: CartIdParamsSchema, querystring: NewsletterQuerySchema, response: noContent } },
    async (request, reply) => {
      const scope = await carts.prepare(scopeOf(request))
      return runChange(db, request, reply, request.params.id, async (trx) => {
        await carts.setNewsletter(trx, scope, request.params.id, request.query.subscribe)
        return NO_CONTENT
      })
    },
  )

  app.post(
    '/api/cart/:id/setpassword',
    { config: none, schema: { params: CartIdParamsSchema, querystring: SetPasswordQuerySchema, response: noContent } },
    async (request, reply) => {
      const scope = await carts.prepare(scopeOf(request))
      return runChange(db, request, reply, request.params.id, async (trx) => {
        const { password, confirmUrl } = request.query
        await carts.setPassword(trx, scope, request.params.id, password, confirmUrl)
        return NO_CONTENT
      })
    },
  )

  app.post(
    '/api/cart/:id/setdealer',
    { config: none, schema: { params: CartIdParamsSchema, querystring: DealerQuerySchema, response: noContent } },
    async (request, reply) => {
      const scope = await carts.prepare(scopeOf(request))
      return runChange(db, request, reply, request.params.id, async (trx) => {
        await carts.setDealer(trx, scope, request.params.id, request.query.dealerId)
        return NO_CONTENT
      })
    },
  )

  app.post(
    '/api/cart/:id/setdpdpickuppoint',
    {
      config: none,
      schema: { params: CartIdParamsSchema, querystring: DpdPickupPointQuerySchema, response: noContent },
    },
    async (request, reply) => {
      const scope = await carts.prepare(scopeOf(request))
      return runChange(db, request, reply, request.params.id, async (trx) => {
        const { parcelShopId, parcelShopZipcodeOrCity } = request.query
        await carts.setPickupPoint(trx, scope, request.params.id, parcelShopId, parcelShopZipcodeOrCity)
        return NO_CONTENT
      })
    },
  )

  // Calculation: of a stored cart, of a described one, and calculate2 (the cart, its calculation and notices).
  app.post(
    '/api/cartcalculation/:id/calculate',
    { config: none, schema: { params: CartIdParamsSchema, response: { 200: CartCalculationSchema } } },
    async (request) => (await carts.calculateStored(scopeOf(request), request.params.id)).calculation,
  )

  app.post(
    '/api/cartcalculation/calculate',
    { config: none, schema: { body: CartDescriptionSchema, response: { 200: CartCalculationSchema } } },
    (request) => carts.calculateDescribed(scopeOf(request), request.body),
  )

  app.post(
    '/api/cartcalculation/:id/calculate2',
    { config: none, schema: { params: CartIdParamsSchema, response: { 200: CartCalculation2Schema } } },
    (request) => carts.calculateStored(scopeOf(request), request.params.id),
  )
}
