import { z } from 'zod'
import { COMPARE_MAX } from './catalogue-constants.ts'
import { IdSchema } from './ids.ts'

// What the browser keeps between visits, each part where it is kept and validated on every read back: the comparison
// list per site in IndexedDB (src/app/data/compare-store.ts) and the visitor's country and language choice in the
// localization cookie (src/app/localization/localization-cookie.ts). The sticky bar is not kept: it follows the list.

/** At most 4 products to compare. */
export const ComparisonListSchema = z.array(IdSchema).max(COMPARE_MAX)

/** When the visitor chose a country and language, so they are not asked again. */
export const LocalizationChoiceSchema = z.object({ localizationChoiceDate: z.iso.datetime() })
export type LocalizationChoice = z.infer<typeof LocalizationChoiceSchema>

/** Adds a product to the comparison list: an id already present is ignored, and the list never grows past 4. */
export function addToComparison(ids: readonly number[], productId: number): number[] {
  if (ids.includes(productId) || ids.length >= COMPARE_MAX) return [...ids]
  return [...ids, productId]
}
