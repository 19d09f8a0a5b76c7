import { z } from 'zod'
import {
  CountryLocalizedNamesSchema,
  CountrySchema,
  ZipcodeExclusionSchema,
  type CountryLocalizedNames,
} from '../../domain/country.ts'
import { NotFoundError } from '../../domain/errors.ts'
import { IdParamsSchema } from '../../domain/ids.ts'
import type { AppContext, ZodApp } from '../context.ts'
import { scopeOf } from '../http/scope.ts'
import { findCountry, listCountries, listCountryNames, listZipcodeExclusions } from './country.repository.ts'

const long = { cache: 'long' } as const

const toCountry = (row: { id: number; name: string; regionCode: string; phoneCountryCode: string }) => ({
  countryId: row.id,
  name: row.name,
  regionCode: row.regionCode,
  phoneCountryCode: row.phoneCountryCode,
})

function groupNames(rows: { countryId: number; regionCode: string; languageId: number; name: string }[]) {
  const byCountry = new Map<number, CountryLocalizedNames>()
  for (const row of rows) {
    let entry = byCountry.get(row.countryId)
    if (!entry)
      byCountry.set(
        row.countryId,
        (entry = { countryId: row.countryId, regionCode: row.regionCode, localizedNames: [] }),
      )
    entry.localizedNames.push({ languageId: row.languageId, name: row.name })
  }
  return [...byCountry.values()]
}

export async function countryRoutes(app: ZodApp, { database: { db } }: AppContext) {
  app.get('/api/countries', { config: long, schema: { response: { 200: z.array(CountrySchema) } } }, async (request) =>
    (await listCountries(db, scopeOf(request).language.languageId)).map(toCountry),
  )

  app.get(
    '/api/countries/localizedname',
    { config: long, schema: { response: { 200: z.array(CountryLocalizedNamesSchema) } } },
    async () => groupNames(await listCountryNames(db)),
  )

  app.get(
    '/api/countries/:id',
    { config: long, schema: { params: IdParamsSchema, response: { 200: CountrySchema } } },
    async (request) => {
      const row = await findCountry(db, request.params.id, scopeOf(request).language.languageId)
      if (!row) throw new NotFoundError(`Country ${request.params.id}`)
      return toCountry(row)
    },
  )

  app.get(
    '/api/countries/:id/localizedname',
    { config: long, schema: { params: IdParamsSchema, response: { 200: CountryLocalizedNamesSchema } } },
    async (request) => {
      const [names] = groupNames(await listCountryNames(db, request.params.id))
      if (!names) throw new NotFoundError(`Country ${request.params.id}`)
      return names
    },
  )

  app.get(
    '/api/countries/:id/zipcodeexclusions',
    {
      config: long,
      schema: { params: IdParamsSchema, response: { 200: z.array(ZipcodeExclusionSchema), 204: z.null() } },
    },
    async (request, reply) => {
      const { id } = request.params
      if (!(await findCountry(db, id, scopeOf(request).language.languageId))) throw new NotFoundError(`Country ${id}`)
      const rows = await listZipcodeExclusions(db, id)
      if (rows.length === 0) return reply.status(204).send(null)
      return rows
    },
  )
}
