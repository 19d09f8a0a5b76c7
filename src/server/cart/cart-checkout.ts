// The checkout details a cart keeps (billing and delivery addresses, company, newsletter, the password for the account
// the checkout will make, dealer, pickup point), each checked for what only the server knows. Addresses, contact and
// company details follow the checkout's rules (src/domain/checkout-rules.ts) and are kept normalised. The payment
// selection is cart-payment.ts's.
import { PasswordSchema, type Company, type ShippingAddress } from '../../domain/address.ts'
import type { Billing } from '../../domain/cart-api.ts'
import { checkBilling, checkCompany, checkShippingAddress, deliveryAddressOf } from '../../domain/checkout-rules.ts'
import type { ShippingMethod } from '../../domain/enums.ts'
import { AppError, NotFoundError } from '../../domain/errors.ts'
import type { RequestScope } from '../http/scope.ts'
import { cartOf } from './cart-rows.ts'
import { findDealerCountry } from '../dealers/dealer.repository.ts'
import { hashPassword } from '../accounts/password-hash.ts'
import type { CartScope, CartService, Trx } from './cart.service.ts'
import { addressCountry, invalidFields, siteCountry } from './checkout-rules.ts'

export class CartCheckout {
  readonly #carts: CartService

  constructor(carts: CartService) {
    this.#carts = carts
  }

  /** The cart as the gating reads it, held for the change. */
  async #cart(trx: Trx, scope: CartScope, id: string) {
    const { row, contents } = await this.#carts.locked(trx, scope, id)
    return cartOf(row, contents, scope.entry)
  }

  /**
   * Billing details, normalised. Goods go to the billing address unless the cart has a pickup point, an alternative
   * address or scan products only: then its postcode must be outside the country's exclusions too.
   */
  async setBilling(trx: Trx, scope: CartScope, id: string, billing: Billing) {
    const cart = await this.#cart(trx, scope, id)
    const checked = checkBilling(billing, {
      siteCountry: await siteCountry(trx, scope.site),
      country: await addressCountry(trx, billing.address.countryId),
      delivery: deliveryAddressOf(cart) === 'billing',
    })
    if (!checked.ok) throw invalidFields(checked.errors, scope.language.code)
    await this.#carts.update(trx, scope, id, { billing: checked.value })
  }

  /** The delivery; an address given for home delivery must be one goods may go to. Null clears the address. */
  async setShipping(
    trx: Trx,
    scope: CartScope,
    id: string,
    shipping: { address?: ShippingAddress | null | undefined; shippingMethod: ShippingMethod },
  ) {
    let address = shipping.address
    if (address) {
      const cart = await this.#cart(trx, scope, id)
      const checked = checkShippingAddress(address, {
        siteCountry: await siteCountry(trx, scope.site),
        country: await addressCountry(trx, address.countryId),
        delivery: shipping.shippingMethod === 0 && !cart.scanProductsOnly,
      })
      if (!checked.ok) throw invalidFields(checked.errors, scope.language.code)
      address = checked.value
    }
    await this.#carts.update(trx, scope, id, {
      ...(address !== undefined && { shippingAddress: address }),
      shippingMethod: shipping.shippingMethod,
    })
  }

  setAlternativeShipping(trx: Trx, scope: RequestScope, id: string, alternative: boolean) {
    return this.#carts.update(trx, scope, id, { alternativeShippingAddress: alternative })
  }

  /** Company details, normalised; the VAT number is of the billing country (the site's before there is one). */
  async setCompany(trx: Trx, scope: CartScope, id: string, company: Company) {
    const cart = await this.#cart(trx, scope, id)
    const billingCountry = cart.billing?.address.countryId ?? null
    const vatCountry =
      billingCountry === null
        ? await siteCountry(trx, scope.site)
        : (await addressCountry(trx, billingCountry))?.regionCode
    const checked = checkCompany(company, vatCountry)
    if (!checked.ok) throw invalidFields(checked.errors, scope.language.code)
    await this.#carts.update(trx, scope, id, { company: checked.value })
  }

  setNewsletter(trx: Trx, scope: RequestScope, id: string, subscribe: boolean) {
    return this.#carts.update(trx, scope, id, { newsletterSubscribe: subscribe })
  }

  /** Keeps a password for the account the checkout will create (giving one is optional), hashed with argon2id. */
  async setPassword(trx: Trx, scope: RequestScope, id: string, password: string, confirmUrl: string) {
    if (!PasswordSchema.safeParse(password).success)
      throw new AppError('weakPassword', 400, 'The password does not meet the requirements.')
    // The confirmation link goes out in an e-mail: it must lead to this site, never elsewhere.
    const host = new URL(confirmUrl).hostname
    if (!scope.site.domains.includes(host) && host !== 'localhost')
      throw new AppError('invalidParameter', 400, "The parameter 'confirmUrl' must be an address of this site.", {
        name: 'confirmUrl',
      })
    await this.#carts.update(trx, scope, id, { passwordHash: await hashPassword(password), confirmUrl })
  }

  /** Only a dealer of the site's country (the dealer finder's dealers); another is as unknown as none. */
  async setDealer(trx: Trx, scope: RequestScope, id: string, dealerId: number) {
    if ((await findDealerCountry(trx, dealerId)) !== scope.site.countryId)
      throw new NotFoundError(`Dealer ${dealerId} on this site`)
    return this.#carts.update(trx, scope, id, { dealerId })
  }

  /** A pickup point also makes the delivery go there. */
  setPickupPoint(trx: Trx, scope: RequestScope, id: string, parcelShopId: string, zipcodeOrCity: string) {
    return this.#carts.update(trx, scope, id, {
      dpdParcelShopId: parcelShopId,
      dpdParcelShopZipcodeOrCity: zipcodeOrCity,
      shippingMethod: 1,
    })
  }
}
