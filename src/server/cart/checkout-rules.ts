// The checkout's rules (src/domain/checkout-rules.ts) on the server: the countries they need read from the database,
// and their refusal as an API error: 400 `invalidFields`, the field errors in `params` (field-errors.ts) and as
// `issues` translated into the request's language; docs/addresses.md shows the body.
import type { CountryFacts } from '../../domain/checkout-rules.ts'
import { AppError } from '../../domain/errors.ts'
import { fieldErrorParams, type FieldError } from '../../domain/field-errors.ts'
import type { LanguageCode } from '../../domain/language-codes.ts'
import { findCountryFacts } from '../countries/country.repository.ts'
import type { Db } from '../db/database.ts'
import { translate } from '../i18n.ts'
import type { SiteRecord } from '../sites/site.directory.ts'

/** The country of an address: undefined without one; an id the countries table does not know is refused. */
export async function addressCountry(db: Db, countryId: number | null): Promise<CountryFacts | undefined> {
  if (countryId === null) return undefined
  const facts = await findCountryFacts(db, countryId)
  if (!facts) throw new AppError('unknownCountry', 400, `There is no country ${countryId}.`)
  return facts
}

/** The region code of the site's country ('NL' for the Dutch site). */
export async function siteCountry(db: Db, site: Pick<SiteRecord, 'countryId'>): Promise<string> {
  const facts = await findCountryFacts(db, site.countryId)
  if (!facts) throw new Error(`The country ${site.countryId} of a site is not in the countries table.`)
  return facts.regionCode
}

const issuesOf = (errors: readonly FieldError[], language: LanguageCode) =>
  errors.map((error) => ({ path: error.path, message: translate(language, error.key, error.params) }))

/** 400 `invalidFields`: each refused field with its locale key (params) and its text (issues). */
export function invalidFields(errors: readonly FieldError[], language: LanguageCode): AppError {
  return new AppError(
    'invalidFields',
    400,
    `These fields are not valid: ${errors.map((e) => e.path).join(', ')}.`,
    fieldErrorParams(errors),
    { issues: issuesOf(errors, language) },
  )
}
