// Reviews come in every language the brand sells in (each review has a language). A shopper reads the ones in
// their own language first and may keep to those; the rest say which language they are in.
import { intlDataOf } from './intl-data.ts'
import { intlLocaleOf } from './locale.ts'
import type { LanguageCode } from './language-codes.ts'
import type { ProductReview } from './product.ts'

/** The language without its country: a Flemish review is Dutch to a Dutch shopper, an Austrian one German. */
export const spokenLanguage = (code: LanguageCode) => code.split('-')[0]!

export const isInLanguage = (review: Pick<ProductReview, 'language'>, language: LanguageCode) =>
  spokenLanguage(review.language) === spokenLanguage(language)

/**
 * Dates as ISO text (YYYY-MM-DD) sort as text. Compared by code unit, not localeCompare: a browser's first comparison by
 * locale sets up ICU's collation (35 ms here) in the task that hydrates the product page.
 */
const newestFirst = (a: ProductReview, b: ProductReview) =>
  a.createdAt === b.createdAt ? 0 : a.createdAt < b.createdAt ? 1 : -1

/** The shopper's language first, then the others; newest first within each. `onlyOwn` keeps the shopper's. */
export function reviewsFor(
  reviews: readonly ProductReview[],
  language: LanguageCode,
  onlyOwn = false,
): ProductReview[] {
  const own = reviews.filter((r) => isInLanguage(r, language)).toSorted(newestFirst)
  if (onlyOwn) return own
  return [...own, ...reviews.filter((r) => !isInLanguage(r, language)).toSorted(newestFirst)]
}

/** A review's language named in the shopper's language: 'Pools' for a Polish review on the Dutch site. */
export function languageName(of: LanguageCode, shopperLanguage: LanguageCode): string {
  // Generated from Intl.DisplayNames (intl-texts.ts): no Intl object while the product page hydrates.
  const spoken = spokenLanguage(of)
  return (
    intlDataOf(shopperLanguage)?.languageNames[spoken] ??
    new Intl.DisplayNames(intlLocaleOf(shopperLanguage), { type: 'language', fallback: 'code' }).of(spoken) ??
    of
  )
}
