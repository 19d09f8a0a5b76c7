import { z } from 'zod'
import { NutritionSchema, ProductFilterKeySchema } from '../../../domain/catalogue.ts'
import { LanguageCodeSchema } from '../../../domain/languages.ts'
import { FeedingGuideSchema } from '../../../domain/product.ts'

// The format the seed catalogue is written in: `catalogue/products.json` holds what does not depend on
// language (facets, products, variants, prices in euro cents, stock, nutrition, reviews with their language), and
// `catalogue/texts.<language>.json` the names and texts per language. The loader checks both with these schemas,
// derives prices in other currencies (indicative) and writes products, variants and URLs for every site.

const Key = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
const Text = z.string().trim().min(1)

/** EAN-13 with a valid check digit. */
export const Ean13Schema = z
  .string()
  .regex(/^\d{13}$/)
  .refine((ean) => {
    const digits = [...ean].map(Number)
    const sum = digits.slice(0, 12).reduce((total, d, i) => total + d * (i % 2 ? 3 : 1), 0)
    return (10 - (sum % 10)) % 10 === digits[12]
  }, 'invalid EAN-13 check digit')

export const CatalogueBrandSchema = z.enum(['equivera', 'paddockpure', 'muehldorfer'])

/** Facet keys whose values a product lists; 'sale' and 'new' follow from prices and dates. */
const ListedFacetKeySchema = ProductFilterKeySchema.exclude(['sale', 'new', 'package', 'weightClass'])

export const VariantSeedSchema = z.object({
  key: Key,
  ean: Ean13Schema,
  articleNumber: z.string().regex(/^[A-Z]{2}-\d{4}(-[A-Z0-9]+)?$/),
  /** Facet 'package'. */
  package: z.enum(['bag', 'bucket', 'bigBag', 'silo', 'bottle', 'box', 'piece']),
  /** Net weight in grams (feed, supplements); null for things sold by the piece. */
  weightGrams: z.number().int().positive().nullable(),
  /** Content in millilitres (liquids); null otherwise. */
  contentMillilitres: z.number().int().positive().nullable(),
  colour: z.string().nullable(),
  /** Width × height × depth in centimetres, for merchandise. */
  dimensions: z.string().nullable(),
  quantityPerPallet: z.number().int().positive().nullable(),
  /** Consumer price in euro cents, VAT included. */
  priceCents: z.number().int().positive(),
  /** A sale: the price before, higher than `priceCents`. */
  originalPriceCents: z.number().int().positive().nullable(),
  stock: z.number().int().min(0),
})

export const ReviewSeedSchema = z.object({
  language: LanguageCodeSchema,
  rating: z.number().int().min(1).max(5),
  author: Text,
  title: Text,
  text: Text,
  createdAt: z.iso.date(),
})

export const ProductSeedSchema = z.object({
  key: Key,
  type: z.enum(['simple', 'feed', 'merchandise', 'rqs', 'qs', 'bundle']),
  productGroup: Key,
  /** The brands whose sites sell it (main-brand sites, the German Mühldorfer site, the second brand). */
  brands: z.array(CatalogueBrandSchema).min(1),
  facets: z.partialRecord(ListedFacetKeySchema, z.array(Key).min(1)),
  vatType: z.enum(['high', 'low']),
  /** Date the product came into the shop: 'new' for 60 days, and the 'newest' sort. */
  createdAt: z.iso.date(),
  state: z.enum(['available', 'comingSoon', 'notYetAvailable']),
  shelfLifeMonths: z.number().int().positive().nullable(),
  nutrition: NutritionSchema.nullable(),
  /** How the feed calculator doses it: feeds, minerals and balancers; null for the rest. */
  feeding: FeedingGuideSchema.nullable(),
  related: z.array(Key).max(8),
  videos: z.array(z.url()).max(3),
  /** How its generated image looks: a motif and the product's colour. */
  image: z.object({
    motif: z.enum(['bag', 'bucket', 'bottle', 'bigBag', 'brush', 'rug', 'halter', 'box', 'jar', 'kit']),
    colour: z.string().regex(/^#[0-9a-f]{6}$/),
  }),
  variants: z.array(VariantSeedSchema).min(1).max(6),
  /** Bundles: the variants inside, by key, with quantities. */
  bundleItems: z.array(z.object({ variant: Key, quantity: z.number().int().positive() })).nullable(),
  reviews: z.array(ReviewSeedSchema).max(8),
})
export type ProductSeed = z.infer<typeof ProductSeedSchema>

export const CatalogueSeedSchema = z.object({
  productGroups: z.array(Key).min(5),
  /** Every value of every listed facet key, in display order. */
  facetValues: z.record(ListedFacetKeySchema, z.array(Key).min(2)),
  products: z.array(ProductSeedSchema).min(50),
})
export type CatalogueSeed = z.infer<typeof CatalogueSeedSchema>

const ParagraphsSchema = z.array(Text).min(1).max(6)

export const CatalogueTextsSchema = z.object({
  language: LanguageCodeSchema,
  productGroups: z.record(Key, z.object({ name: Text, slug: Key, description: Text })),
  facetValues: z.record(ListedFacetKeySchema, z.record(Key, Text)),
  packages: z.record(z.string(), Text),
  products: z.record(
    Key,
    z.object({
      name: Text,
      slug: Key,
      shortDescription: Text,
      description: ParagraphsSchema,
      /** Feeding advice or use: how much, how often. */
      usage: ParagraphsSchema,
      seoTitle: Text,
      seoDescription: Text,
    }),
  ),
})
export type CatalogueTexts = z.infer<typeof CatalogueTextsSchema>

/** Cross-checks that a schema cannot express: every key a product names exists, and texts cover every key. */
export function catalogueProblems(seed: CatalogueSeed, texts: CatalogueTexts[]): string[] {
  const problems: string[] = []
  const products = new Map(seed.products.map((p) => [p.key, p]))
  const variants = new Set(seed.products.flatMap((p) => p.variants.map((v) => v.key)))
  const seen = {
    product: new Set<string>(),
    variant: new Set<string>(),
    ean: new Set<string>(),
    article: new Set<string>(),
  }
  const once = (kind: keyof typeof seen, value: string) => {
    if (seen[kind].has(value)) problems.push(`duplicate ${kind} ${value}`)
    seen[kind].add(value)
  }
  for (const product of seed.products) {
    once('product', product.key)
    if (!seed.productGroups.includes(product.productGroup))
      problems.push(`${product.key}: unknown group ${product.productGroup}`)
    for (const [facet, values] of Object.entries(product.facets))
      for (const value of values ?? [])
        if (!seed.facetValues[facet as keyof typeof seed.facetValues]?.includes(value))
          problems.push(`${product.key}: unknown ${facet} value ${value}`)
    for (const related of product.related)
      if (!products.has(related)) problems.push(`${product.key}: unknown related ${related}`)
    for (const variant of product.variants) {
      once('variant', variant.key)
      once('ean', variant.ean)
      once('article', variant.articleNumber)
      if (variant.originalPriceCents !== null && variant.originalPriceCents <= variant.priceCents)
        problems.push(`${variant.key}: the original price must be above the price`)
    }
    if ((product.type === 'bundle') !== (product.bundleItems !== null))
      problems.push(`${product.key}: bundle items belong to bundles only`)
    for (const item of product.bundleItems ?? [])
      if (!variants.has(item.variant)) problems.push(`${product.key}: unknown bundle variant ${item.variant}`)
    if ((product.type === 'feed') !== (product.nutrition !== null))
      problems.push(`${product.key}: nutrition values belong to feed only`)
    if (product.feeding && product.type !== 'feed')
      problems.push(`${product.key}: a feeding guide belongs to feed only`)
    if (product.feeding?.basis === 'energy' && !product.nutrition?.energyDe)
      problems.push(`${product.key}: a feed dosed by energy needs its DE`)
  }
  for (const text of texts) {
    const where = `texts.${text.language}`
    for (const group of seed.productGroups) if (!text.productGroups[group]) problems.push(`${where}: no group ${group}`)
    for (const product of seed.products)
      if (!text.products[product.key]) problems.push(`${where}: no product ${product.key}`)
    for (const [facet, values] of Object.entries(seed.facetValues))
      for (const value of values)
        if (!text.facetValues[facet as keyof typeof text.facetValues]?.[value])
          problems.push(`${where}: no label for ${facet} ${value}`)
    const slugs = new Set<string>()
    for (const { slug } of [...Object.values(text.products), ...Object.values(text.productGroups)]) {
      if (slugs.has(slug)) problems.push(`${where}: duplicate slug ${slug}`)
      slugs.add(slug)
    }
  }
  return problems
}
