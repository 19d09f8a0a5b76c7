// The cart calls the background sync needs (src/browser/cart-sync.ts), for one site and language, over fetch. The
// app's own API client loads its schemas on demand with import(), which a service worker may not do; this one imports
// the few it needs.
import {
  calculate2Request,
  cartPricingRequest,
  changeCartRequest,
  createCartRequest,
} from '../src/browser/cart-requests.ts'
import { ApiRequestError, fetchTransport, type ApiRequest } from '../src/browser/transport.ts'
import type { CartSyncApi } from '../src/browser/cart-sync.ts'
import { CartCalculation2Schema } from '../src/domain/cart-api.ts'
import { PricingRulesSchema } from '../src/domain/cart-calculation.ts'
import { CartSchema } from '../src/domain/cart.ts'

export function workerCartApi(siteId: number, languageId: number): CartSyncApi {
  const transport = fetchTransport()
  const scope = { siteid: String(siteId), languageid: String(languageId) }
  const call = async (request: ApiRequest) => {
    const response = await transport({ ...request, headers: { ...scope, ...request.headers } })
    if (response.status !== 200 && response.status !== 204)
      throw new ApiRequestError(response.status, response.body, response.headers)
    return response.body
  }
  return {
    createCart: async (key) => CartSchema.parse(await call(createCartRequest(key))),
    changeCart: (id, mutation, key) => call(changeCartRequest(id, mutation, key)),
    calculateCart2: async (id) => CartCalculation2Schema.parse(await call(calculate2Request(id))),
    cartPricing: async () => PricingRulesSchema.parse(await call(cartPricingRequest())),
  }
}
