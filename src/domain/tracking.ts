import { z } from 'zod'

// The e-commerce events the app pushes to the tag manager's data layer, in GA4's shape: each event's name with its
// `ecommerce` object. Items carry the cart line's fields (id, name, price, brand, category as the product group,
// variant, quantity) in GA4's names. The app builds them (src/app/tracking/ecommerce.ts); tests parse what it pushes.

/** Prices and values are decimal currency units, as the analytics tools expect, not cents. */
export const Ga4ItemSchema = z.object({
  item_id: z.string(),
  item_name: z.string(),
  item_brand: z.string(),
  item_category: z.string(),
  item_variant: z.string().optional(),
  item_list_id: z.string().optional(),
  item_list_name: z.string().optional(),
  price: z.number(),
  index: z.number().int().min(0).optional(),
  quantity: z.number().int().min(1),
})
export type Ga4Item = z.infer<typeof Ga4ItemSchema>

export const PromotionSchema = z.object({
  promotion_id: z.string(),
  promotion_name: z.string(),
  creative_slot: z.string(),
})
export type Promotion = z.infer<typeof PromotionSchema>

const items = z.array(Ga4ItemSchema)
/** Items with their currency and their value together. */
const valued = (list: typeof items) => z.object({ currency: z.string().length(3), value: z.number(), items: list })

const event = <Name extends string, Ecommerce extends z.ZodType>(name: Name, ecommerce: Ecommerce) =>
  z.object({ event: z.literal(name), ecommerce })

export const EcommerceEventSchema = z.discriminatedUnion('event', [
  event('view_item_list', z.object({ item_list_id: z.string(), item_list_name: z.string(), items: items.min(1) })),
  event(
    'select_item',
    z.object({ item_list_id: z.string().optional(), item_list_name: z.string().optional(), items: items.length(1) }),
  ),
  event('view_item', valued(items.length(1))),
  event('add_to_cart', valued(items.length(1))),
  event('remove_from_cart', valued(items.length(1))),
  event('view_cart', valued(items)),
  event('begin_checkout', valued(items.min(1)).extend({ coupon: z.string().optional() })),
  event('add_payment_info', valued(items).extend({ payment_type: z.string(), coupon: z.string().optional() })),
  // The spec's purchase event (id, revenue, tax, shipping, affiliation, coupon) in GA4's names.
  event(
    'purchase',
    valued(items.min(1)).extend({
      transaction_id: z.string(),
      tax: z.number(),
      shipping: z.number(),
      affiliation: z.string(),
      coupon: z.string().optional(),
    }),
  ),
  event(
    'add_shipping_info',
    valued(items.min(1)).extend({
      coupon: z.string().optional(),
      shipping_tier: z.enum(['home', 'alternative', 'pickup_point']),
    }),
  ),
  event('view_promotion', z.object({ items: z.array(PromotionSchema).min(1) })),
  event('select_promotion', PromotionSchema.extend({ items: z.array(PromotionSchema).length(1) })),
])
export type EcommerceEvent = z.infer<typeof EcommerceEventSchema>
export type EcommerceEventName = EcommerceEvent['event']
