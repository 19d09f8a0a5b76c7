// The checkout details a cart keeps (billing and delivery addresses, company, newsletter, the password for the account
// the checkout will make, dealer, pickup point), each checked for what only the server knows. The payment selection
// is cart-payment.ts's.
import { PasswordSchema, type Address, type Company } from '../../domain/address.ts'
import type { Billing } from '../../domain/cart-api.ts'
import type { ShippingMethod } from '../../domain/enums.ts'
import { AppError } from '../../domain/errors.ts'
import type { RequestScope } from '../http/scope.ts'
import { hashPassword } from './cart-secrets.ts'
import { countryExists } from './cart.repository.ts'
import type { CartService, Trx } from './cart.service.ts'

async function checkAddress(trx: Trx, address: Address | null) {
  if (address?.countryId != null && !(await countryExists(trx, address.countryId)))
    throw new AppError('unknownCountry', 400, `There is no country ${address.countryId}.`)
}

export class CartCheckout {
  readonly #carts: CartService

  constructor(carts: CartService) {
    this.#carts = carts
  }

  async setBilling(trx: Trx, scope: RequestScope, id: string, billing: Billing) {
    await checkAddress(trx, billing.address)
    await this.#carts.update(trx, scope, id, { billing })
  }

  async setShipping(
    trx: Trx,
    scope: RequestScope,
    id: string,
    shipping: { address?: Address | null | undefined; shippingMethod: ShippingMethod },
  ) {
    await checkAddress(trx, shipping.address ?? null)
    await this.#carts.update(trx, scope, id, {
      ...(shipping.address !== undefined && { shippingAddress: shipping.address }),
      shippingMethod: shipping.shippingMethod,
    })
  }

  setAlternativeShipping(trx: Trx, scope: RequestScope, id: string, alternative: boolean) {
    return this.#carts.update(trx, scope, id, { alternativeShippingAddress: alternative })
  }

  setCompany(trx: Trx, scope: RequestScope, id: string, company: Company) {
    return this.#carts.update(trx, scope, id, { company })
  }

  setNewsletter(trx: Trx, scope: RequestScope, id: string, subscribe: boolean) {
    return this.#carts.update(trx, scope, id, { newsletterSubscribe: subscribe })
  }

  /** Keeps a password for the account the checkout will create (giving one is optional), hashed. */
  setPassword(trx: Trx, scope: RequestScope, id: string, password: string, confirmUrl: string) {
    if (!PasswordSchema.safeParse(password).success)
      throw new AppError('weakPassword', 400, 'The password does not meet the requirements.')
    // The confirmation link goes out in an e-mail: it must lead to this site, never elsewhere.
    const host = new URL(confirmUrl).hostname
    if (!scope.site.domains.includes(host) && host !== 'localhost')
      throw new AppError('invalidParameter', 400, "The parameter 'confirmUrl' must be an address of this site.", {
        name: 'confirmUrl',
      })
    return this.#carts.update(trx, scope, id, { passwordHash: hashPassword(password), confirmUrl })
  }

  setDealer(trx: Trx, scope: RequestScope, id: string, dealerId: number) {
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
