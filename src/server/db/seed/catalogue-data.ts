import { existsSync, readFileSync } from 'node:fs'
import { LANGUAGE_CODES } from '../../../domain/languages.ts'
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
