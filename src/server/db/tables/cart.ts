// Prices around the cart (shipping rates, payment costs, promotions, discount codes), carts and their lines,
// idempotency and impersonation keys.
import type { Bool } from './columns.ts'

export interface ShippingRateTable {
  siteId: number
  shippingMethod: number
  priceCents: number
  freeFromCents: number | null
}

export interface PaymentCostTable {
  siteId: number
  paymentMethodId: number
  costCents: number
}

export interface PromotionTable {
  id: number
  key: string
  kind: 'buyXGetYFree' | 'percentageOff'
  buy: number | null
  free: number | null
  percentage: number | null
  validFrom: string | null
  validTo: string | null
}

export interface PromotionVariantTable {
  promotionId: number
  variantId: number
}

export interface PromotionSiteTable {
  promotionId: number
  siteId: number
}

export interface DiscountCodeTable {
  id: number
  code: string
  kind: 'percentage' | 'fixedAmount' | 'freeShipping'
  value: number
  minimumOrderCents: number
  validFrom: string | null
  validTo: string | null
}

export interface DiscountCodeSiteTable {
  discountCodeId: number
  siteId: number
}

export interface CartTable {
  id: string
  siteId: number
  languageId: number
  createdAt: string
  lastModified: string
  clientIp: string | null
  storeId: string | null
  /** JSON: person and address (CartSchema billing). */
  billing: string | null
  /** JSON: an address. */
  shippingAddress: string | null
  shippingMethod: number
  /** JSON: company name and VAT number. */
  company: string | null
  alternativeShippingAddress: Bool
  newsletterSubscribe: Bool
  paymentMethodId: number | null
  /** The issuer (iDEAL's bank) chosen with the payment method, as the provider names it (migration 0012). */
  paymentIssuer: string | null
  /** The gift card added to the cart, its pin checked then (migration 0012). */
  giftCardNumber: string | null
  mailplusId: string | null
  discountCode: string | null
  dealerId: number | null
  dpdParcelShopId: string | null
  dpdParcelShopZipcodeOrCity: string | null
  passwordHash: string | null
  confirmUrl: string | null
  /** The order the cart was placed as (migration 0011); a placed cart is no longer changeable. */
  orderId: string | null
}

export interface CartLineTable {
  cartId: string
  productVariantId: number
  productId: number
  count: number
  position: number
  /** JSON: the samples' names, in order (scan products). */
  samples: string
}

export interface IdempotencyKeyTable {
  key: string
  cartId: string | null
  requestHash: string
  state: 'pending' | 'done'
  claimedAt: string
  statusCode: number | null
  responseBody: string | null
  createdAt: string
}

export interface ImpersonationKeyTable {
  keyHash: string
  cartId: string
  createdAt: string
  expiresAt: string
  usedAt: string | null
}

export interface CartTables {
  shippingRates: ShippingRateTable
  paymentCosts: PaymentCostTable
  promotions: PromotionTable
  promotionVariants: PromotionVariantTable
  promotionSites: PromotionSiteTable
  discountCodes: DiscountCodeTable
  discountCodeSites: DiscountCodeSiteTable
  carts: CartTable
  cartLines: CartLineTable
  idempotencyKeys: IdempotencyKeyTable
  impersonationKeys: ImpersonationKeyTable
}
