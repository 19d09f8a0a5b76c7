import { z } from 'zod'
import { NotFoundError } from '../../domain/errors.ts'
import { IdParamsSchema } from '../../domain/ids.ts'
import { LanguageCodeSchema } from '../../domain/languages.ts'
import { LanguageSchema, type Language } from '../../domain/site.ts'
import type { AppContext, ZodApp } from '../context.ts'
import { listLanguages } from './language.repository.ts'

const long = { cache: 'long' } as const

const toLanguage = (row: { id: number; code: string; culture: string; localizedName: string }): Language => ({
  languageId: row.id,
  code: LanguageCodeSchema.parse(row.code),
  culture: row.culture,
  localizedName: row.localizedName,
})

export async function languageRoutes(app: ZodApp, { database: { db } }: AppContext) {
  app.get('/api/language', { config: long, schema: { response: { 200: z.array(LanguageSchema) } } }, async () =>
    (await listLanguages(db)).map(toLanguage),
  )

  app.get(
    '/api/language/:id',
    { config: long, schema: { params: IdParamsSchema, response: { 200: LanguageSchema } } },
    async (request) => {
      const row = (await listLanguages(db)).find((l) => l.id === request.params.id)
      if (!row) throw new NotFoundError(`Language ${request.params.id}`)
      return toLanguage(row)
    },
  )
}
