import { existsSync, readFileSync } from 'node:fs'
import { z } from 'zod'
import { FacetFilterSchema } from '../../../domain/catalogue.ts'
import { LanguageCodeSchema } from '../../../domain/languages.ts'
import { LANGUAGE_CODES } from '../../../domain/language-codes.ts'
import {
  CatalogueSeedSchema,
  CatalogueTextsSchema,
  type CatalogueSeed,
  type CatalogueTexts,
} from './catalogue-template.ts'

const dir = new URL('./catalogue/', import.meta.url)

export function loadCatalogueSeed(): CatalogueSeed {
  return CatalogueSeedSchema.parse(JSON.parse(readFileSync(new URL('products.json', dir), 'utf8')))
}

/** The catalogue texts of every language that has a file. */
export function loadCatalogueTexts(): CatalogueTexts[] {
  return LANGUAGE_CODES.flatMap((code) => {
    const file = new URL(`texts.${code}.json`, dir)
    if (!existsSync(file)) return []
    const texts = CatalogueTextsSchema.parse(JSON.parse(readFileSync(file, 'utf8')))
    if (texts.language !== code) throw new Error(`texts.${code}.json says it is ${texts.language}`)
    return [texts]
  })
}

const LandingPagesFileSchema = z.object({
  pages: z.array(z.object({ key: z.string().regex(/^[a-z-]+$/), filters: z.array(FacetFilterSchema).min(1) })),
  texts: z.partialRecord(
    LanguageCodeSchema,
    z.record(
      z.string(),
      z.object({
        title: z.string().min(1),
        slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
        intro: z.string().min(1),
      }),
    ),
  ),
})

/** Landing pages: a fixed product selection (on sale, new) with a title, slug and intro per language. */
export function loadLandingPages(): z.infer<typeof LandingPagesFileSchema> {
  return LandingPagesFileSchema.parse(JSON.parse(readFileSync(new URL('landing-pages.json', dir), 'utf8')))
}
