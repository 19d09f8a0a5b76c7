import {
  ADDRESS_AUTOCOMPLETE_URL,
  ADDRESS_DETAILS_URL,
  AddressAutocompleteAnswerSchema,
  AddressAutocompleteParamsSchema,
  AddressDetailsParamsSchema,
  AUTOCOMPLETE_MAX_MATCHES,
} from '../../domain/address-autocomplete.ts'
import { AddressSchema } from '../../domain/address.ts'
import { NotFoundError } from '../../domain/errors.ts'
import {
  PICKUP_POINT_MAX_RESULTS,
  PICKUP_POINT_SEARCH_URL,
  PickupPointListSchema,
  PickupPointSearchQuerySchema,
} from '../../domain/pickup-points.ts'
import type { AppContext, ZodApp } from '../context.ts'
import { searchPickupPoints } from './pickup-points.ts'

/** The mode is optional (spec §7: `[/mode]`): both paths share one handler. */
const AUTOCOMPLETE_PATHS = [
  `${ADDRESS_AUTOCOMPLETE_URL}/:term/:context/:language`,
  `${ADDRESS_AUTOCOMPLETE_URL}/:term/:context/:language/:mode`,
]

export async function addressRoutes(app: ZodApp, { addresses, database: { db } }: AppContext) {
  for (const path of AUTOCOMPLETE_PATHS) {
    app.get(
      path,
      { schema: { params: AddressAutocompleteParamsSchema, response: { 200: AddressAutocompleteAnswerSchema } } },
      async (request) => ({ matches: await addresses.autocomplete(request.params, AUTOCOMPLETE_MAX_MATCHES) }),
    )
  }

  app.get(
    `${ADDRESS_DETAILS_URL}/:id`,
    { schema: { params: AddressDetailsParamsSchema, response: { 200: AddressSchema } } },
    async (request) => {
      const address = await addresses.details(request.params.id)
      if (!address) throw new NotFoundError(`Address ${request.params.id}`)
      return address
    },
  )

  app.get(
    PICKUP_POINT_SEARCH_URL,
    { schema: { querystring: PickupPointSearchQuerySchema, response: { 200: PickupPointListSchema } } },
    async (request) => searchPickupPoints(db, request.query, PICKUP_POINT_MAX_RESULTS),
  )
}
