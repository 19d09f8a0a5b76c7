import { z } from 'zod'

// Tracker payloads pushed to the tag manager's data layer (SPEC §3, §7).

export const TrackerEventNameSchema = z.enum([
  'view_item_list',
  'select_item',
  'view_item',
  'add_to_cart',
  'begin_checkout',
  'add_shipping_info',
  'add_payment_info',
  'view_cart',
  'purchase',
  'view_promotion',
  'select_promotion',
])

/** Prices in tracker events are decimal currency units, as the analytics tools expect. */
export const CartLineEventSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number(),
  brand: z.string(),
  category: z.string(),
  productGroup: z.string(),
  variant: z.string(),
  quantity: z.number().int().min(1),
})
export type CartLineEvent = z.infer<typeof CartLineEventSchema>

export const PurchaseEventSchema = z.object({
  id: z.string(),
  revenue: z.number(),
  tax: z.number(),
  shipping: z.number(),
  affiliation: z.string(),
  coupon: z.string().nullable(),
})
export type PurchaseEvent = z.infer<typeof PurchaseEventSchema>
