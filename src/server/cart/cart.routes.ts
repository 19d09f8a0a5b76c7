// The cart and cart-calculation API. Thin: each route names its parameters (every one required, but the quantity of
// an added product) and makes one call. Every change runs through runChange: in a transaction, once per
// Idempotency-Key. The changes of a stored cart share one shape, so they are one table (CHANGES), one line of
// declaration each. Nothing here is ever cached on the way (cache: 'none').
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import {
  AddBundleQuerySchema,
  AddProductQuerySchema,
  AlternativeShippingQuerySchema,
  BillingBodySchema,
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
import { FIELD_REFUSALS } from '../http/api-docs.ts'
import { scopeOf } from '../http/scope.ts'
import type { CartCheckout } from './cart-checkout.ts'
import { impersonate } from './cart-impersonation.ts'
import { recommendations } from './cart-recommendations.ts'
import type { CartScope, CartService, Trx } from './cart.service.ts'
import { runChange, type Outcome } from './idempotency.ts'

const NO_CONTENT: Outcome = { status: 204 }
const none = { cache: 'none' } as const
const noContent = { 204: z.null() }

/** 'POST /api/cart/:id/…': a method and a path of a stored cart. */
type Endpoint = `${'POST' | 'PUT' | 'DELETE'} /api/cart/:id${string}`

/** A change of the stored cart `:id`, answered 204; declared with `change`. */
interface ChangeRoute {
  endpoints: Endpoint[]
  /** Refusals of its own for the API's document (api-docs.ts). */
  refusals?: Record<number, string>
  schema: { params: z.ZodType<{ id: string }>; querystring?: z.ZodType; body?: z.ZodType }
  run: (trx: Trx, scope: CartScope, request: FastifyRequest) => Promise<unknown>
}

/**
 * Declares a change route: where it answers (a deprecated alias too), the schemas of its path (the cart's id unless
 * told), query or body, and what it does with them, typed by those schemas.
 */
function change<
  P extends z.ZodType<{ id: string }> = typeof CartIdParamsSchema,
  Q extends z.ZodType = z.ZodNever,
  B extends z.ZodType = z.ZodNever,
>(
  endpoints: Endpoint | Endpoint[],
  { params, querystring, body, refusals }: { params?: P; querystring?: Q; body?: B; refusals?: Record<number, string> },
  run: (
    trx: Trx,
    scope: CartScope,
    request: { params: z.output<P>; query: z.output<Q>; body: z.output<B> },
  ) => Promise<unknown>,
): ChangeRoute {
  return {
    endpoints: typeof endpoints === 'string' ? [endpoints] : endpoints,
    ...(refusals && { refusals }),
    schema: { params: params ?? CartIdParamsSchema, ...(querystring && { querystring }), ...(body && { body }) },
    // Fastify has checked the request with exactly these schemas before the handler runs.
    run: (trx, scope, request) => run(trx, scope, request as unknown as Parameters<typeof run>[2]),
  }
}

/** Every change of a stored cart: its contents, then the checkout details kept on it. */
const changes = (carts: CartService, checkout: CartCheckout): ChangeRoute[] => [
  // Products: add (default quantity 1), change the quantity, remove; the deprecated PUT keeps working.
  change('POST /api/cart/:id/products', { querystring: AddProductQuerySchema }, (trx, scope, { params, query }) =>
    carts.addProduct(trx, scope, params.id, query.productVariantId, query.quantity),
  ),
  change(
    ['POST /api/cart/:id/products/:productVariantId', 'PUT /api/cart/:id/products-deprecated/:productVariantId'],
    { params: CartLineParamsSchema, querystring: QuantityQuerySchema },
    (trx, scope, { params, query }) =>
      carts.change(trx, scope, params.id, {
        type: 'setQuantity',
        productVariantId: params.productVariantId,
        quantity: query.quantity,
      }),
  ),
  change(
    'DELETE /api/cart/:id/products/:productVariantId',
    { params: CartLineParamsSchema },
    (trx, scope, { params }) =>
      carts.change(trx, scope, params.id, { type: 'remove', productVariantId: params.productVariantId }),
  ),
  // A quality-scan sample, by its sequence.
  change(
    'DELETE /api/cart/:id/products/:productVariantId/:sequence',
    { params: CartSampleParamsSchema },
    (trx, scope, { params: { id, productVariantId, sequence } }) =>
      carts.change(trx, scope, id, { type: 'removeSample', productVariantId, sequence }),
  ),
  change(
    'POST /api/cart/:id/rqssamplename',
    { querystring: SampleNameQuerySchema },
    (trx, scope, { params, query: { productVariantId, sequence, samplename } }) =>
      carts.change(trx, scope, params.id, {
        type: 'setSampleName',
        productVariantId,
        sequence,
        sampleName: samplename,
      }),
  ),
  change('POST /api/cart/:id/productbundles', { querystring: AddBundleQuerySchema }, (trx, scope, { params, query }) =>
    carts.addBundle(trx, scope, params.id, query.productVariantBundleId, query.quantity),
  ),
  change('POST /api/cart/:id/discountcode', { querystring: DiscountCodeQuerySchema }, (trx, scope, { params, query }) =>
    carts.change(trx, scope, params.id, { type: 'setDiscountCode', code: query.code }),
  ),
  change('DELETE /api/cart/:id/discountcode', {}, (trx, scope, { params }) =>
    carts.change(trx, scope, params.id, { type: 'removeDiscountCode' }),
  ),

  // Checkout details kept on the cart.
  change(
    'POST /api/cart/:id/billing',
    { body: BillingBodySchema, refusals: FIELD_REFUSALS },
    (trx, scope, { params, body }) => checkout.setBilling(trx, scope, params.id, body),
  ),
  change(
    'PUT /api/cart/:id/shipping',
    { body: ShippingBodySchema, refusals: FIELD_REFUSALS },
    (trx, scope, { params, body }) => checkout.setShipping(trx, scope, params.id, body),
  ),
  change(
    ['POST /api/cart/:id/alternativeshipping', 'PUT /api/cart/:id/alternativeshipping-deprecated'],
    { querystring: AlternativeShippingQuerySchema },
    (trx, scope, { params, query }) =>
      checkout.setAlternativeShipping(trx, scope, params.id, query.alternativeShippingAddress),
  ),
  change(
    'PUT /api/cart/:id/companyinfo',
    { body: CompanyInfoSchema, refusals: FIELD_REFUSALS },
    (trx, scope, { params, body }) => checkout.setCompany(trx, scope, params.id, body),
  ),
  change('POST /api/cart/:id/newsletter', { querystring: NewsletterQuerySchema }, (trx, scope, { params, query }) =>
    checkout.setNewsletter(trx, scope, params.id, query.subscribe),
  ),
  change('POST /api/cart/:id/setpassword', { querystring: SetPasswordQuerySchema }, (trx, scope, { params, query }) =>
    checkout.setPassword(trx, scope, params.id, query.password, query.confirmUrl),
  ),
  change('POST /api/cart/:id/setdealer', { querystring: DealerQuerySchema }, (trx, scope, { params, query }) =>
    checkout.setDealer(trx, scope, params.id, query.dealerId),
  ),
  change(
    'POST /api/cart/:id/setdpdpickuppoint',
    { querystring: DpdPickupPointQuerySchema },
    (trx, scope, { params, query }) =>
      checkout.setPickupPoint(trx, scope, params.id, query.parcelShopId, query.parcelShopZipcodeOrCity),
  ),
]

export async function cartRoutes(
  app: ZodApp,
  { database: { db }, carts, cartCheckout, cartCalculator: calculator }: AppContext,
) {
  // Create: a shopper without a cart gets a new one (the app keeps its id).
  app.post(
    '/api/cart',
    { config: { ...none, limit: 'cartCreation' }, schema: { response: { 200: CartSchema } } },
    (request, reply) =>
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

  // The site's catalogue and prices are made ready first, outside the transaction; then the change runs in one,
  // once per Idempotency-Key.
  for (const { endpoints, schema, refusals, run } of changes(carts, cartCheckout))
    for (const [index, endpoint] of endpoints.entries()) {
      const [method, url] = endpoint.split(' ') as ['POST' | 'PUT' | 'DELETE', string]
      app.route({
        method,
        url,
        config: { ...none, ...(refusals && { refusals }) },
        // The first endpoint is the call; any other is an alias kept for old clients, marked so in the API docs.
        schema: { ...schema, response: noContent, ...(index > 0 && { deprecated: true }) },
        handler: async (request, reply) => {
          const scope = await carts.prepare(scopeOf(request))
          const { id } = request.params as { id: string }
          return runChange(db, request, reply, id, async (trx) => {
            await run(trx, scope, request)
            return NO_CONTENT
          })
        },
      })
    }

  app.get(
    '/api/cart/:id/recommendations',
    { config: none, schema: { params: CartIdParamsSchema, response: { 200: RecommendationsSchema } } },
    (request) => recommendations(carts, scopeOf(request), request.params.id),
  )

  app.get(
    '/api/cart/:id/shippingmethods',
    { config: none, schema: { params: CartIdParamsSchema, response: { 200: ShippingMethodsSchema } } },
    (request) => calculator.shippingMethods(scopeOf(request), request.params.id),
  )

  // Calculation: of a stored cart, of a described one, and calculate2 (the cart, its calculation and notices).
  app.post(
    '/api/cartcalculation/:id/calculate',
    { config: none, schema: { params: CartIdParamsSchema, response: { 200: CartCalculationSchema } } },
    async (request) => (await calculator.calculateStored(scopeOf(request), request.params.id)).calculation,
  )

  app.post(
    '/api/cartcalculation/calculate',
    { config: none, schema: { body: CartDescriptionSchema, response: { 200: CartCalculationSchema } } },
    (request) => calculator.calculateDescribed(scopeOf(request), request.body),
  )

  app.post(
    '/api/cartcalculation/:id/calculate2',
    { config: none, schema: { params: CartIdParamsSchema, response: { 200: CartCalculation2Schema } } },
    (request) => calculator.calculateStored(scopeOf(request), request.params.id),
  )
}
