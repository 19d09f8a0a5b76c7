import { z } from 'zod'

/** Database ids: positive integers. Path, query and header values arrive as strings and are coerced. */
export const IdSchema = z.number().int().positive().max(2_147_483_647)
export const IdParamSchema = z.coerce.number<string>().int().positive().max(2_147_483_647)

/** Path parameters of a route that names one thing by id: `/api/…/{id}`. */
export const IdParamsSchema = z.object({ id: IdParamSchema })
