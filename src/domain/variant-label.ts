// How a variant is named in choices, lists and cart lines ("Zak · 20 kg", "Stuk · navy · 125 cm"): the same words in
// the app and in the server's cart calculation, from the same texts (locales/), through whatever translation function
// each side has.
import { formatNumber } from './locale.ts'
import type { LanguageCode } from './language-codes.ts'
import type { ProductVariant } from './product.ts'

/** A translation function: i18next's `t` in the app, `translate` bound to a language on the server. */
export type Translate = (key: string, params?: Record<string, string>) => string

/** A number without needless decimals: 20, 1.5, 0.25 (in the language's format). */
export function plainNumber(value: number, language: LanguageCode): string {
  return formatNumber(value, language)
    .replace(/([.,]\d*?)0+$/, '$1')
    .replace(/[.,]$/, '')
}

export function amountOf(variant: ProductVariant, language: LanguageCode): string | null {
  if (variant.weightGrams !== null)
    return variant.weightGrams >= 1000
      ? `${plainNumber(variant.weightGrams / 1000, language)} kg`
      : `${plainNumber(variant.weightGrams, language)} g`
  if (variant.contentMillilitres !== null)
    return variant.contentMillilitres >= 1000
      ? `${plainNumber(variant.contentMillilitres / 1000, language)} l`
      : `${plainNumber(variant.contentMillilitres, language)} ml`
  return null
}

const COLOURS = [
  'black',
  'blue',
  'burgundy',
  'charcoal',
  'forest-green',
  'green',
  'navy',
  'pink',
  'red',
  'beech-natural',
]

/** A colour in the shopper's language where the shop has a name for it. */
export function colourName(t: Translate, colour: string): string {
  const key = colour.toLowerCase().replace(/[^a-z]+/g, '-')
  return COLOURS.includes(key) ? t(`catalogue.colour.${key}`) : colour
}

/** The words of a variant, in order: package, amount, colour, size. */
function variantParts(t: Translate, variant: ProductVariant, language: LanguageCode): string[] {
  const parts = [
    t(`catalogue.package.${variant.package}`),
    amountOf(variant, language),
    variant.colour ? colourName(t, variant.colour) : null,
    variant.weightGrams === null && variant.contentMillilitres === null ? variant.dimensions : null,
  ]
  return parts.filter((part): part is string => Boolean(part))
}

/** "Bag · 20 kg", "Piece · navy · 125 cm". */
export function variantLabel(t: Translate, variant: ProductVariant, language: LanguageCode): string {
  return variantParts(t, variant, language).join(' · ')
}

/**
 * The variants of one product as a choice names them: only the words that tell them apart ("115 cm", "125 cm" for a
 * rug in one colour and six sizes), so six options fit on a phone's first screen. Words all of them share are left
 * out; a single variant, or variants that differ in nothing, keep their whole label.
 */
export function variantChoiceLabels(
  t: Translate,
  variants: readonly ProductVariant[],
  language: LanguageCode,
): string[] {
  const parts = variants.map((v) => variantParts(t, v, language))
  const shared = (word: string) => parts.length > 1 && parts.every((p) => p.includes(word))
  return parts.map((words) => {
    const own = words.filter((word) => !shared(word))
    return (own.length > 0 ? own : words).join(' · ')
  })
}
