// The prices around the cart, per site: shipping rates in the site's currency with the amount from which
// shipping is free, payment costs per method, promotions on variants and discount codes. Read from cart/pricing.json
// and checked against the sites and the catalogue, so a typo in a key fails the seed rather than pricing nothing.
import { readFileSync } from 'node:fs'
import type { Insertable } from 'kysely'
import { z } from 'zod'
import { DiscountKindSchema, ValidityMomentSchema } from '../../../domain/cart-calculation.ts'
import { ShippingMethod } from '../../../domain/enums.ts'
import { IdSchema } from '../../../domain/ids.ts'
import { CentsSchema } from '../../../domain/money.ts'
import type { Database } from '../schema.ts'
import type { SiteSeed } from './data.ts'

const Cents = CentsSchema.min(0)
const When = ValidityMomentSchema
const Sites = z.union([z.literal('*'), z.array(z.string()).min(1)])
const Rate = z.object({ price: Cents, freeFrom: Cents.nullable() })

export const CartPricingSeedSchema = z.object({
  shipping: z.record(z.string(), z.object({ home: Rate, pickupPoint: Rate })),
  paymentCosts: z.record(z.string(), z.record(z.string(), Cents)),
  promotions: z.array(
    z.discriminatedUnion('kind', [
      z.object({
        id: IdSchema,
        key: z.string().min(1),
        kind: z.literal('buyXGetYFree'),
        buy: z.number().int().min(1),
        free: z.number().int().min(1),
        variants: z.array(z.string()).min(1),
        sites: Sites,
        validFrom: When,
        validTo: When,
      }),
      z.object({
        id: IdSchema,
        key: z.string().min(1),
        kind: z.literal('percentageOff'),
        percentage: z.number().int().min(1).max(100),
        variants: z.array(z.string()).min(1),
        sites: Sites,
        validFrom: When,
        validTo: When,
      }),
    ]),
  ),
  discountCodes: z.array(
    z.object({
      id: IdSchema,
      code: z.string().regex(/^[A-Z0-9_-]+$/),
      kind: DiscountKindSchema,
      value: z.number().int().min(0),
      minimumOrderCents: Cents,
      sites: Sites,
      validFrom: When,
      validTo: When,
    }),
  ),
})
export type CartPricingSeed = z.infer<typeof CartPricingSeedSchema>

export function loadCartPricing(): CartPricingSeed {
  return CartPricingSeedSchema.parse(JSON.parse(readFileSync(new URL('./cart/pricing.json', import.meta.url), 'utf8')))
}

export const CART_PRICING_TABLES = [
  'shippingRates',
  'paymentCosts',
  'promotions',
  'promotionVariants',
  'promotionSites',
  'discountCodes',
  'discountCodeSites',
] as const
type CartPricingTable = (typeof CART_PRICING_TABLES)[number]
export type CartPricingRows = { [T in CartPricingTable]: Insertable<Database[T]>[] }

export function buildCartPricing(
  pricing: CartPricingSeed,
  sites: readonly SiteSeed[],
  paymentMethods: readonly { paymentMethodId: number; code: string }[],
  variantIdOf: ReadonlyMap<string, number>,
): CartPricingRows {
  const rows: CartPricingRows = {
    shippingRates: [],
    paymentCosts: [],
    promotions: [],
    promotionVariants: [],
    promotionSites: [],
    discountCodes: [],
    discountCodeSites: [],
  }
  const shopSites = sites.filter((s) => s.type !== 2)
  const siteOf = (key: string) => {
    const site = sites.find((s) => s.key === key)
    if (!site) throw new Error(`cart/pricing.json: no site '${key}'`)
    return site
  }
  const siteIds = (list: '*' | string[]) => (list === '*' ? shopSites : list.map(siteOf)).map((s) => s.siteId)
  const variantId = (key: string) => {
    const id = variantIdOf.get(key)
    if (id === undefined) throw new Error(`cart/pricing.json: no variant '${key}'`)
    return id
  }

  for (const site of shopSites) {
    const shipping = pricing.shipping[site.key]
    if (!shipping) throw new Error(`cart/pricing.json: no shipping rates for site '${site.key}'`)
    for (const [method, rate] of [
      [ShippingMethod.Shipping, shipping.home],
      [ShippingMethod.Dpd, shipping.pickupPoint],
    ] as const)
      rows.shippingRates.push({
        siteId: site.siteId,
        shippingMethod: method,
        priceCents: rate.price,
        freeFromCents: rate.freeFrom,
      })
    for (const code of site.paymentMethods) {
      const method = paymentMethods.find((m) => m.code === code)
      if (!method) throw new Error(`sites.json: site '${site.key}' has an unknown payment method '${code}'`)
      rows.paymentCosts.push({
        siteId: site.siteId,
        paymentMethodId: method.paymentMethodId,
        costCents: pricing.paymentCosts[site.key]?.[code] ?? 0,
      })
    }
    for (const code of Object.keys(pricing.paymentCosts[site.key] ?? {}))
      if (!site.paymentMethods.includes(code))
        throw new Error(`cart/pricing.json: site '${site.key}' does not offer payment method '${code}'`)
  }
  for (const key of Object.keys(pricing.shipping)) siteOf(key)

  for (const promotion of pricing.promotions) {
    rows.promotions.push({
      id: promotion.id,
      key: promotion.key,
      kind: promotion.kind,
      buy: promotion.kind === 'buyXGetYFree' ? promotion.buy : null,
      free: promotion.kind === 'buyXGetYFree' ? promotion.free : null,
      percentage: promotion.kind === 'percentageOff' ? promotion.percentage : null,
      validFrom: promotion.validFrom,
      validTo: promotion.validTo,
    })
    for (const key of promotion.variants)
      rows.promotionVariants.push({ promotionId: promotion.id, variantId: variantId(key) })
    for (const siteId of siteIds(promotion.sites)) rows.promotionSites.push({ promotionId: promotion.id, siteId })
  }

  for (const code of pricing.discountCodes) {
    rows.discountCodes.push({
      id: code.id,
      code: code.code,
      kind: code.kind,
      value: code.value,
      minimumOrderCents: code.minimumOrderCents,
      validFrom: code.validFrom,
      validTo: code.validTo,
    })
    for (const siteId of siteIds(code.sites)) rows.discountCodeSites.push({ discountCodeId: code.id, siteId })
  }
  return rows
}
