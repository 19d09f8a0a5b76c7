// A variant's words in the page's language (amount, colour, size), from the domain's helpers that the server's
// cart lines use too, so a line reads the same in the shop and in the cart.
import type { TFunction } from 'i18next'
import type { LanguageCode } from '../../domain/language-codes.ts'
import type { ProductVariant } from '../../domain/product.ts'
import {
  colourName as sharedColourName,
  variantChoiceLabels as sharedVariantChoiceLabels,
  variantLabel as sharedVariantLabel,
} from '../../domain/variant-label.ts'
import { translateWith } from '../i18n/translate-with.ts'

export const variantLabel = (t: TFunction, variant: ProductVariant, language: LanguageCode) =>
  sharedVariantLabel(translateWith(t), variant, language)
export const variantChoiceLabels = (t: TFunction, variants: readonly ProductVariant[], language: LanguageCode) =>
  sharedVariantChoiceLabels(translateWith(t), variants, language)
export const colourName = (t: TFunction, colour: string) => sharedColourName(translateWith(t), colour)
