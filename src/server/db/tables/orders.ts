// Orders and their lines (src/server/orders/), and the per-site counter their numbers come from. JSON columns
// (addresses, company, totals) are read and written with the domain's schemas in order.repository.ts.
import type { ColumnType, Generated } from 'kysely'
import type { OrderStatus } from '../../../domain/orders.ts'

export interface OrderNumberTable {
  siteId: number
  lastNumber: number
}

export interface OrderTable {
  id: string
  siteId: number
  languageId: number
  /** Per site, from 1, without gaps. */
  number: number
  /** SHA-256 (base64url) of the guest's order key. */
  keyHash: string
  status: OrderStatus
  /** Who made the last status move: 'placement', 'backoffice', 'expiry', 'payment', … */
  statusSource: string
  cartId: string
  emailAddress: string
  firstName: string
  lastName: string
  phoneNumber: string
  /** JSON: an address. */
  billingAddress: string
  /** JSON: an address. */
  shippingAddress: string
  /** JSON: company name and VAT number. */
  company: string | null
  shippingMethod: number
  dpdParcelShopId: string | null
  paymentMethodId: number | null
  /** The issuer chosen in the checkout, sent with the order's payments (migration 0012). */
  paymentIssuer: string | null
  /** The gift card that paid part of the order, and how much it paid (cents; given back if the order ends unpaid). */
  giftCardNumber: string | null
  giftCardAmount: Generated<number>
  currency: string
  totalAmount: number
  /** JSON: OrderTotalsSchema. */
  totals: string
  createdAt: string
  updatedAt: string
  expiresAt: string | null
  /** The account that placed it (migration 0015); null for a guest. */
  accountId: ColumnType<number | null, number | null | undefined, number | null>
}

export interface OrderLineTable {
  orderId: string
  position: number
  productId: number
  productVariantId: number
  productType: number
  description: string
  productLabel: string
  quantity: number
  freeQuantity: number
  unitAmount: number
  vatRatePercentage: number
  totalAmount: number
}

export interface OrderTables {
  orderNumbers: OrderNumberTable
  orders: OrderTable
  orderLines: OrderLineTable
}
