// The checkout's rules (src/domain/checkout-rules.ts) on the server: the countries they need read from the database,
// and their refusals as API errors. A refused field is answered 400 `invalidFields`; a cart that may not be placed
// 409 `checkoutIncomplete` with the step to go back to. Both carry the field errors in `params` (field-errors.ts) and
// as `issues` translated into the request's language; docs/addresses.md shows the body.
import type { CheckoutFacts, CountryFacts } from '../../domain/checkout-rules.ts'
import type { FormStep } from '../../domain/checkout.ts'
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

/** The facts for a whole cart's check: the site's country and the countries its addresses name. */
export async function checkoutFacts(
  db: Db,
  site: Pick<SiteRecord, 'countryId'>,
  countryIds: readonly (number | null | undefined)[],
): Promise<CheckoutFacts> {
  const countries = new Map<number, CountryFacts>()
  for (const id of new Set(countryIds)) {
    if (id == null) continue
    const facts = await findCountryFacts(db, id)
    if (facts) countries.set(id, facts)
  }
  return { siteCountry: await siteCountry(db, site), countries }
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

/** 409 `checkoutIncomplete`: the step to go back to (`params.step`) and what to correct there. */
export function checkoutIncomplete(
  cartId: string,
  { step, errors }: { step: FormStep; errors: readonly FieldError[] },
  language: LanguageCode,
): AppError {
  const what = errors.length > 0 ? `: ${errors.map((e) => e.path).join(', ')}` : ''
  return new AppError(
    'checkoutIncomplete',
    409,
    `Cart ${cartId} cannot be placed yet; back to the ${step} step${what}.`,
    { step, ...fieldErrorParams(errors) },
    errors.length > 0 ? { issues: issuesOf(errors, language) } : {},
  )
}
