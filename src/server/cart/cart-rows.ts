// A stored cart and the shapes the rules and the API use: its contents (what the domain's change function changes),
// the lines that store them, and the cart as the API answers it.
import { randomUUID } from 'node:crypto'
import { holdsScanProductsOnly, type CartContents } from '../../domain/cart-mutations.ts'
import { CartSchema, type Cart } from '../../domain/cart.ts'
import type { ShippingMethod } from '../../domain/enums.ts'
import type { CatalogueEntry } from '../catalogue/catalogue-cache.ts'
import { maskCardNumber } from '../gift-cards/gift-card.service.ts'
import type { RequestScope } from '../http/scope.ts'
import type { CartLineRow, CartRow } from './cart.repository.ts'

/** A new, empty cart of the request's site and language. */
export function newCartRow(scope: RequestScope, clientIp: string | null): CartRow {
  const at = scope.now.toISOString()
  return {
    id: randomUUID(),
    siteId: scope.site.id,
    languageId: scope.language.languageId,
    createdAt: at,
    lastModified: at,
    clientIp,
    storeId: null,
    billing: null,
    shippingAddress: null,
    shippingMethod: 0,
    company: null,
    alternativeShippingAddress: false,
    newsletterSubscribe: false,
    paymentMethodId: null,
    paymentIssuer: null,
    giftCardNumber: null,
    mailplusId: null,
    discountCode: null,
    dealerId: null,
    dpdParcelShopId: null,
    dpdParcelShopZipcodeOrCity: null,
    passwordHash: null,
    confirmUrl: null,
    orderId: null,
  }
}

export function contentsOf(row: CartRow, lines: CartLineRow[]): CartContents {
  return {
    products: lines.map((line) => ({
      productId: line.productId,
      productVariantId: line.productVariantId,
      count: line.count,
      rqsSamples: line.samples.map((sampleName, i) => ({ sequence: i + 1, sampleName })),
    })),
    discountCode: row.discountCode,
    shippingMethod: row.shippingMethod as ShippingMethod,
    paymentMethodId: row.paymentMethodId,
  }
}

export const linesOf = (contents: CartContents): CartLineRow[] =>
  contents.products.map((p) => ({
    productVariantId: p.productVariantId,
    productId: p.productId,
    count: p.count,
    samples: p.rqsSamples.map((s) => s.sampleName),
  }))

/** A cart as the API answers it; `entry` (the site's catalogue) tells whether it holds scan products only. */
export function cartOf(row: CartRow, contents: CartContents, entry: CatalogueEntry | null): Cart {
  return CartSchema.parse({
    shoppingcartId: row.id,
    created: row.createdAt,
    lastModified: row.lastModified,
    storeDeviceInfo: row.storeId === null ? null : { storeId: row.storeId },
    siteId: row.siteId,
    languageId: row.languageId,
    clientIp: row.clientIp,
    billing: row.billing,
    shipping: { address: row.shippingAddress, shippingMethod: contents.shippingMethod },
    company: row.company,
    alternativeShippingAddress: row.alternativeShippingAddress,
    newsletterSubscribe: row.newsletterSubscribe,
    payment:
      contents.paymentMethodId === null
        ? null
        : { paymentMethodId: contents.paymentMethodId, issuer: row.paymentIssuer },
    giftCard: row.giftCardNumber === null ? null : { giftCardNumber: maskCardNumber(row.giftCardNumber) },
    mailplusId: row.mailplusId,
    products: contents.products,
    discountCode: contents.discountCode,
    dealerId: row.dealerId,
    dpdParcelShopId: row.dpdParcelShopId,
    dpdParcelShopZipcodeOrCity: row.dpdParcelShopZipcodeOrCity,
    scanProductsOnly: holdsScanProductsOnly(contents, (id) => entry?.byVariant.get(id)?.productType),
  })
}
