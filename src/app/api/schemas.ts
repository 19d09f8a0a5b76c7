// The schemas the app checks API answers with. Loaded with the first API call, not with the page: the first page
// comes with its data from the server, so zod stays off the critical path.
import { z } from 'zod'
import { CountrySchema, ZipcodeExclusionSchema } from '../../domain/country.ts'
import {
  ContentPageSchema,
  FooterSchema,
  NavigationSchema,
  NotificationSchema,
  UspCollectionSchema,
} from '../../domain/content.ts'
import {
  AutocompleteResponseSchema,
  CatalogueSyncSchema,
  ProductListSchema,
  SearchResponseSchema,
} from '../../domain/catalogue-api.ts'
import { MailplusIdSchema } from '../../domain/conversion.ts'
import {
  CartCalculation2Schema,
  PaymentMethodsSchema,
  RecommendationsSchema,
  ShippingMethodsSchema,
} from '../../domain/cart-api.ts'
import { CartCalculationSchema, PricingRulesSchema } from '../../domain/cart-calculation.ts'
import { CartSchema, GiftCardCheckSchema } from '../../domain/cart.ts'
import { AddressSchema } from '../../domain/address.ts'
import { AccountAnswerSchema, IsAuthenticatedSchema } from '../../domain/account-api.ts'
import { AccountInvoiceListSchema, AccountOrderListSchema, AccountOrderSchema } from '../../domain/account-orders.ts'
import { AddressAutocompleteAnswerSchema } from '../../domain/address-autocomplete.ts'
import { AccountSubscriptionsSchema, SubscriptionResultSchema } from '../../domain/newsletter-api.ts'
import { OrderViewSchema, PlacedOrderSchema } from '../../domain/orders.ts'
import { PickupPointListSchema } from '../../domain/pickup-points.ts'
import { LocalizationChoiceSchema } from '../../domain/client-state.ts'
import { CatalogueLabelsSchema, CatalogueProductSchema } from '../../domain/product.ts'
import { AlternatesSchema, RouteInfoSchema, RouteNotFoundSchema } from '../../domain/routing.ts'
import { LocalizationCheckResultSchema, SiteByDomainSchema, SiteSchema, SiteSettingsSchema } from '../../domain/site.ts'

export const schemas = {
  siteByDomain: SiteByDomainSchema,
  site: SiteSchema,
  sites: z.array(SiteSchema),
  siteSettings: SiteSettingsSchema,
  countries: z.array(CountrySchema),
  zipcodeExclusions: z.array(ZipcodeExclusionSchema),
  routeInfo: RouteInfoSchema,
  alternates: AlternatesSchema,
  contentPage: ContentPageSchema,
  navigation: NavigationSchema,
  footer: FooterSchema,
  usps: UspCollectionSchema,
  notification: NotificationSchema,
  localizationCheck: LocalizationCheckResultSchema,
  none: z.null(),
  /** The body of a routing 404: which site and language, and the not-found page to show. */
  notFound: RouteNotFoundSchema,
  mailplusId: MailplusIdSchema,
  search: SearchResponseSchema,
  autocomplete: AutocompleteResponseSchema,
  product: CatalogueProductSchema,
  products: ProductListSchema,
  catalogueLabels: CatalogueLabelsSchema,
  // The sync's products are checked one by one, yielding to the page (shop-api.ts, catalogueSync): here the rest.
  catalogueSync: CatalogueSyncSchema.extend({ products: z.array(z.unknown()) }),
  localizationChoice: LocalizationChoiceSchema,
  cart: CartSchema,
  cartCalculation: CartCalculationSchema,
  cartCalculation2: CartCalculation2Schema,
  cartPricing: PricingRulesSchema,
  cartRecommendations: RecommendationsSchema,
  shippingMethods: ShippingMethodsSchema,
  paymentMethods: PaymentMethodsSchema,
  giftCard: GiftCardCheckSchema,
  /** GET …/giftcard: the cart's card, or null without one. */
  cartGiftCard: GiftCardCheckSchema.nullable(),
  addressMatches: AddressAutocompleteAnswerSchema,
  address: AddressSchema,
  pickupPoints: PickupPointListSchema,
  placedOrder: PlacedOrderSchema,
  order: OrderViewSchema,
  payAgain: PlacedOrderSchema.pick({ status: true, paymentUrl: true }),
  subscriptionResult: SubscriptionResultSchema,
  accountSubscriptions: AccountSubscriptionsSchema,
  isAuthenticated: IsAuthenticatedSchema,
  account: AccountAnswerSchema,
  accountOrders: AccountOrderListSchema,
  accountOrder: AccountOrderSchema,
  accountInvoices: AccountInvoiceListSchema,
}
export type Schemas = typeof schemas
