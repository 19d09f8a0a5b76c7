import { z } from 'zod'
import { COMPARE_MAX } from './catalogue-constants.ts'
import { IdSchema } from './ids.ts'

// What the browser keeps between visits (SPEC §3 Client state), validated on every read back from storage.

export const ClientStateSchema = z.object({
  comparisonProductIds: z.array(IdSchema).max(COMPARE_MAX),
  stickyBar: z.object({ visible: z.boolean(), content: z.enum(['compare', 'cart', 'none']) }),
  localizationChoiceDate: z.iso.datetime().nullable(),
})
export type ClientState = z.infer<typeof ClientStateSchema>

export const DEFAULT_CLIENT_STATE: ClientState = {
  comparisonProductIds: [],
  stickyBar: { visible: false, content: 'none' },
  localizationChoiceDate: null,
}

/** Adds a product to the comparison list: an id already present is ignored, and the list never grows past 4. */
export function addToComparison(ids: readonly number[], productId: number): number[] {
  if (ids.includes(productId) || ids.length >= COMPARE_MAX) return [...ids]
  return [...ids, productId]
}
