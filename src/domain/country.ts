import { z } from 'zod'
import { IdSchema } from './ids.ts'

export const CountryCodeSchema = z.string().regex(/^[A-Z]{2}$/)

/** A country; `name` is in the request's language. */
export const CountrySchema = z.object({
  countryId: IdSchema,
  name: z.string().min(1),
  regionCode: CountryCodeSchema,
  phoneCountryCode: z.string().regex(/^\+\d{1,4}$/),
})
export type Country = z.infer<typeof CountrySchema>

export const CountryLocalizedNameSchema = z.object({ languageId: IdSchema, name: z.string().min(1) })

export const CountryLocalizedNamesSchema = z.object({
  countryId: IdSchema,
  regionCode: CountryCodeSchema,
  localizedNames: z.array(CountryLocalizedNameSchema),
})
export type CountryLocalizedNames = z.infer<typeof CountryLocalizedNamesSchema>

const Zipcode = z.string().trim().min(1).max(16)

/** Zip-code exclusions, three kinds (exact, prefix, range): delivery to these areas is refused for logistic reasons. */
export const ZipcodeExclusionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('exact'), zipcode: Zipcode, description: z.string() }),
  z.object({ kind: z.literal('prefix'), prefix: Zipcode, description: z.string() }),
  z.object({ kind: z.literal('range'), from: Zipcode, to: Zipcode, description: z.string() }),
])
export type ZipcodeExclusion = z.infer<typeof ZipcodeExclusionSchema>

/** Zip codes compare without spaces and case, so '1791 AB' matches an exclusion written '1791AB'. */
export function normaliseZipcode(zipcode: string): string {
  return zipcode.replace(/[\s-]/g, '').toUpperCase()
}

/** The exclusion that refuses delivery to `zipcode`, if any. Ranges compare the same number of characters. */
export function zipcodeExclusionOf(
  zipcode: string,
  exclusions: readonly ZipcodeExclusion[],
): ZipcodeExclusion | undefined {
  const zip = normaliseZipcode(zipcode)
  return exclusions.find((exclusion) => {
    switch (exclusion.kind) {
      case 'exact':
        return zip === normaliseZipcode(exclusion.zipcode)
      case 'prefix':
        return zip.startsWith(normaliseZipcode(exclusion.prefix))
      case 'range': {
        const from = normaliseZipcode(exclusion.from)
        const to = normaliseZipcode(exclusion.to)
        const head = zip.slice(0, from.length)
        return head.length === from.length && head >= from && head <= to
      }
    }
  })
}

/** Whether delivery to `zipcode` is refused by one of the exclusions. */
export const isZipcodeExcluded = (zipcode: string, exclusions: readonly ZipcodeExclusion[]): boolean =>
  zipcodeExclusionOf(zipcode, exclusions) !== undefined
