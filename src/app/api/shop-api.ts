// The API calls the app shell makes, each answer checked with the domain schema it is served with.
import type { z } from 'zod'
import type { SearchRequest } from '../../domain/catalogue.ts'
import type { CatalogueSync } from '../../domain/catalogue-api.ts'
import type { CartMutation } from '../../domain/cart-mutations.ts'
import type { Address, Company } from '../../domain/address.ts'
import type { Billing } from '../../domain/cart-api.ts'
import type { PaymentSelection } from '../../domain/cart.ts'
import type { AddressContext, AutocompleteMode } from '../../domain/address-autocomplete.ts'
import { IDEMPOTENCY_HEADER } from '../../domain/cart-constants.ts'
import type { RegisterBody } from '../../domain/account-api.ts'
import { CAPTCHA_HEADER } from '../../domain/captcha-constants.ts'
import type { ShippingMethod } from '../../domain/enums.ts'
import type { ChangeEmailBody, ChangePasswordBody, UpdateAccountBody } from '../../domain/account-api.ts'
import {
  calculate2Request,
  cartPricingRequest,
  changeCartRequest,
  createCartRequest,
} from '../../browser/cart-requests.ts'
import type { ScopeIds } from '../../domain/scope.ts'
import type { Schemas } from './schemas.ts'
import { ApiRequestError, type ApiRequest, type Transport } from '../../browser/transport.ts'
import { mapInSlices, nextTask } from '../when-idle.ts'

/** The scope the calls are made in: ids only (a route's answer names them before its language code is known). */
export type ApiScope = ScopeIds

/**
 * Building every response schema at once is one long task on a slow phone (about 140 ms at 4× CPU slowdown), right
 * when the first page's background calls start. The modules are evaluated in steps instead, the shared ones first,
 * each in a task of its own, so the page stays responsive.
 */
const SCHEMA_STEPS = [
  // (zod comes with the first: a step of its own would keep all of zod, not what the schemas use.)
  () => import('../../domain/ids.ts'),
  () => import('../../domain/site.ts'),
  () => import('../../domain/country.ts'),
  () => import('../../domain/routing.ts'),
  () => import('../../domain/product.ts'),
  () => import('../../domain/catalogue-api.ts'),
  () => import('../../domain/address.ts'),
  () => import('../../domain/cart.ts'),
  () => import('../../domain/cart-api.ts'),
  () => import('../../domain/content.ts'),
  () => import('../../domain/client-state.ts'),
  () => import('../../domain/newsletter-api.ts'),
  () => import('../../domain/orders.ts'),
]

let loadedSchemas: Promise<Schemas> | undefined
/** The response schemas, loaded once, on the first call. */
export const loadSchemas = () =>
  (loadedSchemas ??= (async () => {
    for (const step of SCHEMA_STEPS) {
      await step()
      await nextTask()
    }
    return (await import('./schemas.ts')).schemas
  })())

type Output<K extends keyof Schemas> = z.output<Schemas[K]>

/**
 * The API client. Its calls carry the site and language of `scope`: a fixed one, or a function read on every call
 * (the app's services follow the page's language, so a '/fr/' page asks for French answers).
 */
export function createShopApi(transport: Transport, scope?: ApiScope | (() => ApiScope | null)) {
  const scopeHeaders = (): Record<string, string> => {
    const current = typeof scope === 'function' ? scope() : scope
    return current ? { siteid: String(current.siteId), languageid: String(current.languageId) } : {}
  }

  async function call<K extends keyof Schemas>(schema: K, request: ApiRequest): Promise<Output<K>>
  async function call<K extends keyof Schemas>(
    schema: K,
    request: ApiRequest,
    allowEmpty: true,
  ): Promise<Output<K> | null>
  async function call<K extends keyof Schemas>(schema: K, request: ApiRequest, allowEmpty = false) {
    const [response, loaded] = await Promise.all([
      transport({ ...request, headers: { ...scopeHeaders(), ...request.headers } }),
      loadSchemas(),
    ])
    if (response.status === 204 && allowEmpty) return null
    if (response.status !== 200) throw new ApiRequestError(response.status, response.body, response.headers)
    return loaded[schema].parse(response.body) as Output<K>
  }

  return {
    /** The same API for another site or language. */
    withScope: (next: ApiScope) => createShopApi(transport, next),
    siteByDomain: (domain: string, signal?: AbortSignal) =>
      call('siteByDomain', { path: '/api/sites/getbydomain', query: { domain }, signal }),
    site: (siteId: number, signal?: AbortSignal) => call('site', { path: `/api/sites/${siteId}`, signal }),
    sites: (signal?: AbortSignal) => call('sites', { path: '/api/sites', signal }),
    siteSettings: (siteId: number, languageId: number, signal?: AbortSignal) =>
      call('siteSettings', { path: `/api/sitesettings/${siteId}/${languageId}`, signal }),
    countries: (signal?: AbortSignal) => call('countries', { path: '/api/countries', signal }),
    zipcodeExclusions: (countryId: number, signal?: AbortSignal) =>
      call('zipcodeExclusions', { path: `/api/countries/${countryId}/zipcodeexclusions`, signal }, true).then(
        (exclusions) => exclusions ?? [],
      ),
    routeByUrl: (url: string, signal?: AbortSignal) =>
      call('routeInfo', { path: '/api/routing/getbyurl', query: { url }, signal }),
    alternates: (url: string, signal?: AbortSignal) =>
      call('alternates', { path: '/api/routing/alternates', query: { url }, signal }),
    contentPage: (id: number, signal?: AbortSignal) => call('contentPage', { path: `/api/contentpages/${id}`, signal }),
    /** A call in the page's scope answered as it comes: for feature modules that check answers with their own schemas. */
    send: (request: ApiRequest) => transport({ ...request, headers: { ...scopeHeaders(), ...request.headers } }),
    navigation: (kind: 'primary' | 'secondary', id: number, signal?: AbortSignal) =>
      call('navigation', { path: `/api/${kind}navigations/${id}`, signal }),
    footer: (id: number, signal?: AbortSignal) => call('footer', { path: `/api/footer/${id}`, signal }),
    usps: (id: number, signal?: AbortSignal) => call('usps', { path: `/api/uspcollections/${id}`, signal }),
    notification: (id: number, signal?: AbortSignal) =>
      call('notification', { path: `/api/notifications/${id}`, signal }, true),
    localizationCheck: (url: string, countryCode: string) =>
      call('localizationCheck', { method: 'POST', path: '/api/Sites', query: { url, countryCode } }, true),
    search: (request: SearchRequest, signal?: AbortSignal) =>
      call('search', { method: 'POST', path: '/api/productsearch/search', body: request, signal }),
    autocomplete: (term: string, signal?: AbortSignal) =>
      call('autocomplete', { path: '/api/productsearch/autocomplete', query: { term }, signal }),
    productByVariant: (productVariantId: number, signal?: AbortSignal) =>
      call('product', { path: `/api/productvariants/${productVariantId}`, signal }),
    products: (ids: number[], signal?: AbortSignal) =>
      ids.length === 0
        ? Promise.resolve([])
        : call('products', { path: '/api/products', query: { ids: ids.join(',') }, signal }),
    catalogueLabels: (signal?: AbortSignal) => call('catalogueLabels', { path: '/api/catalogue/labels', signal }),
    catalogueSync: async (since: number, signal?: AbortSignal): Promise<CatalogueSync> => {
      const sync = await call('catalogueSync', { path: '/api/catalogue/sync', query: { since }, signal })
      // A first sync holds every product: checked in one go, that was a task of about 400 ms on a slow phone just
      // after its first page. Checked one by one instead, yielding to the page every few milliseconds.
      const { product } = await loadSchemas()
      return { ...sync, products: await mapInSlices(sync.products, (item) => product.parse(item)) }
    },
    conversion: (mailplusId: string) =>
      call('none', { method: 'POST', path: '/api/Conversion', query: { mailplusId } }, true),

    // The account and signing in (spec §7). Answers that depend on who asks are never kept: the server says
    // no-store and the service worker lets them through (sw/rules.ts).
    isAuthenticated: (signal?: AbortSignal) =>
      call('isAuthenticated', { method: 'POST', path: '/api/authentication/isauthenticated', signal }),
    account: (signal?: AbortSignal) => call('account', { path: '/api/account', signal }),
    signIn: (emailAddress: string, password: string, captcha: string) =>
      call(
        'none',
        {
          method: 'POST',
          path: '/api/authentication/signin',
          body: { emailAddress, password },
          headers: { [CAPTCHA_HEADER]: captcha },
        },
        true,
      ),
    signOut: () => call('none', { method: 'POST', path: '/api/authentication/signout' }, true),
    register: (body: RegisterBody, callbackUrl: string) =>
      call('none', { method: 'POST', path: '/api/account', query: { callbackUrl }, body }, true),
    confirmAccount: (userId: string, token: string) =>
      call(
        'none',
        { method: 'POST', path: `/api/account/${encodeURIComponent(userId)}/confirm`, query: { token } },
        true,
      ),
    forgotPassword: (emailAddress: string, callbackUrl: string) =>
      call(
        'none',
        { method: 'POST', path: '/api/account/forgotpassword', query: { callbackUrl }, body: { emailAddress } },
        true,
      ),
    /** By the account of an expired link (`userId`) or by the e-mail address typed on the login page. */
    resendConfirmation: (who: { userId?: string; emailAddress?: string }, callbackUrl: string, captcha: string) =>
      call(
        'none',
        {
          method: 'POST',
          path: '/api/account/resendconfirmation',
          query: { userId: who.userId, callbackUrl },
          body: who.emailAddress === undefined ? {} : { emailAddress: who.emailAddress },
          headers: { [CAPTCHA_HEADER]: captcha },
        },
        true,
      ),
    resetPassword: (userId: string, token: string, newPassword: string) =>
      call(
        'none',
        {
          method: 'POST',
          path: `/api/account/${encodeURIComponent(userId)}/resetpassword`,
          query: { token },
          body: { newPassword },
        },
        true,
      ),

    // The cart. Changes carry the Idempotency-Key of the queued change they send.
    createCart: (idempotencyKey: string) => call('cart', createCartRequest(idempotencyKey)),
    cart: (id: string, signal?: AbortSignal) => call('cart', { path: `/api/cart/${id}`, signal }),
    cartPricing: (signal?: AbortSignal) => call('cartPricing', cartPricingRequest(signal)),
    changeCart: (id: string, mutation: CartMutation, idempotencyKey: string) =>
      call('none', changeCartRequest(id, mutation, idempotencyKey), true),
    calculateCart2: (id: string, signal?: AbortSignal) => call('cartCalculation2', calculate2Request(id, signal)),
    cartRecommendations: (id: string, signal?: AbortSignal) =>
      call('cartRecommendations', { path: `/api/cart/${id}/recommendations`, signal }),

    // The checkout: details kept on the cart (each a plain "set", so sending one again does no harm), the order.
    setBilling: (id: string, billing: Billing) =>
      call('none', { method: 'POST', path: `/api/cart/${id}/billing`, body: billing }, true),
    setShipping: (id: string, shipping: { address?: Address | null; shippingMethod: ShippingMethod }) =>
      call('none', { method: 'PUT', path: `/api/cart/${id}/shipping`, body: shipping }, true),
    setAlternativeShipping: (id: string, alternativeShippingAddress: boolean) =>
      call(
        'none',
        {
          method: 'POST',
          path: `/api/cart/${id}/alternativeshipping`,
          query: { alternativeShippingAddress: String(alternativeShippingAddress) },
        },
        true,
      ),
    setCompany: (id: string, company: Company) =>
      call('none', { method: 'PUT', path: `/api/cart/${id}/companyinfo`, body: company }, true),
    setNewsletter: (id: string, subscribe: boolean) =>
      call(
        'none',
        { method: 'POST', path: `/api/cart/${id}/newsletter`, query: { subscribe: String(subscribe) } },
        true,
      ),
    setPassword: (id: string, password: string, confirmUrl: string) =>
      call('none', { method: 'POST', path: `/api/cart/${id}/setpassword`, query: { password, confirmUrl } }, true),
    setPickupPoint: (id: string, parcelShopId: string, parcelShopZipcodeOrCity: string) =>
      call(
        'none',
        { method: 'POST', path: `/api/cart/${id}/setdpdpickuppoint`, query: { parcelShopId, parcelShopZipcodeOrCity } },
        true,
      ),
    /** The site's methods with what each costs this cart and their issuers (iDEAL's banks). */
    paymentMethods: (id: string, signal?: AbortSignal) =>
      call('paymentMethods', { path: `/api/cart/${id}/paymentmethods`, signal }),
    /** The payment selection: the method with its issuer (a bank), and a gift card when one is given. */
    setPayment: (id: string, selection: PaymentSelection) =>
      call('none', { method: 'POST', path: `/api/cart/${id}/payment`, body: selection }, true),
    /** Checks a gift card and keeps it on the cart: its balance and what it pays of the cart. */
    addGiftCard: (id: string, giftCardNumber: string, giftCardPin: string) =>
      call('giftCard', { method: 'POST', path: `/api/cart/${id}/giftcard`, body: { giftCardNumber, giftCardPin } }),
    /** The cart's gift card now (its balance may have moved), or null. */
    giftCard: (id: string, signal?: AbortSignal) => call('cartGiftCard', { path: `/api/cart/${id}/giftcard`, signal }),
    removeGiftCard: (id: string) => call('none', { method: 'DELETE', path: `/api/cart/${id}/giftcard` }, true),
    shippingMethods: (id: string, signal?: AbortSignal) =>
      call('shippingMethods', { path: `/api/cart/${id}/shippingmethods`, signal }),
    addressAutocomplete: (
      term: string,
      context: AddressContext,
      language: string,
      mode: AutocompleteMode,
      signal?: AbortSignal,
    ) =>
      call('addressMatches', {
        path: `/api/addresses/autocomplete/${encodeURIComponent(term)}/${context}/${language}/${mode}`,
        signal,
      }),
    addressDetails: (id: string, signal?: AbortSignal) =>
      call('address', { path: `/api/addresses/details/${encodeURIComponent(id)}`, signal }),
    pickupPoints: (zipcodeOrCity: string, country: string, signal?: AbortSignal) =>
      call('pickupPoints', { path: '/api/pickuppoints', query: { zipcodeOrCity, country }, signal }),
    /** Places the order; a retry after a lost answer carries the same key and finds the one order. */
    placeOrder: (id: string, idempotencyKey: string) =>
      call('placedOrder', {
        method: 'POST',
        path: `/api/cart/${id}/order`,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
    order: (orderId: string, key: string, signal?: AbortSignal) =>
      call('order', { path: `/api/orders/${orderId}`, query: { key }, signal }),
    payAgain: (orderId: string, key: string) =>
      call('payAgain', { method: 'POST', path: `/api/orders/${orderId}/payment`, query: { key } }),

    // The newsletter: the footer's sign-up (always 204), the mailed links, the signed-in account's opt-in.
    newsletterSubscribe: (emailAddress: string) =>
      call('none', { method: 'POST', path: '/api/newsletter/subscribe', body: { emailAddress } }, true),
    newsletterConfirm: (token: string) =>
      call('subscriptionResult', { method: 'POST', path: '/api/newsletter/confirm', query: { token } }),
    newsletterUnsubscribe: (id: string, key: string) =>
      call('subscriptionResult', { method: 'POST', path: '/api/newsletter/unsubscribe', query: { id, key } }),
    accountSubscriptions: (signal?: AbortSignal) =>
      call('accountSubscriptions', { path: '/api/account/subscriptions', signal }),
    setAccountSubscriptions: (newsletter: boolean) =>
      call('accountSubscriptions', { method: 'PUT', path: '/api/account/subscriptions', body: { newsletter } }),
    // The account's information, orders and invoices (signed in; 401 notSignedIn otherwise).
    updateAccount: (body: UpdateAccountBody, callbackUrl: string) =>
      call('none', { method: 'PUT', path: '/api/account', query: { callbackUrl }, body }, true),
    changeEmailAddress: (body: ChangeEmailBody, callbackUrl: string) =>
      call('none', { method: 'POST', path: '/api/account/changeemailaddress', query: { callbackUrl }, body }, true),
    changePassword: (body: ChangePasswordBody) =>
      call('none', { method: 'POST', path: '/api/account/changepassword', body }, true),
    accountOrders: (signal?: AbortSignal) => call('accountOrders', { path: '/api/account/orders', signal }),
    accountOrder: (orderId: string, signal?: AbortSignal) =>
      call('accountOrder', { path: `/api/account/orders/${orderId}`, signal }),
    accountInvoices: (signal?: AbortSignal) => call('accountInvoices', { path: '/api/account/invoices', signal }),
  }
}

export type ShopApi = ReturnType<typeof createShopApi>
