import { z } from 'zod'
import {
  DEFAULT_PAGE_SIZE,
  FIRST_PAGE,
  PRODUCT_FILTER_KEYS,
  REVIEW_MIN_WORDS,
  STAR_RATING_SCALE,
} from './catalogue-constants.ts'
import { ProductTypeSchema, VatTypeSchema } from './enums.ts'
import { IdSchema } from './ids.ts'
import { LanguageCodeSchema } from './languages.ts'
import { MoneySchema } from './money.ts'

// Catalogue shapes: the search request with its facet filters, product labels and reviews.

/** The keys a product search filters on. */
export const ProductFilterKeySchema = z.enum(PRODUCT_FILTER_KEYS)
export type ProductFilterKey = z.infer<typeof ProductFilterKeySchema>

/** Facet filters, by discriminator. An unknown discriminator is refused. */
export const FacetFilterSchema = z.discriminatedUnion('discriminator', [
  z.object({
    discriminator: z.literal('multiSelect'),
    facetKey: ProductFilterKeySchema,
    selectedKeys: z.array(z.string()).max(100),
  }),
  z.object({
    discriminator: z.literal('rangeSlider'),
    facetKey: ProductFilterKeySchema,
    selectedMinValue: z.number(),
    selectedMaxValue: z.number(),
  }),
  z.object({ discriminator: z.literal('singleSelect'), facetKey: ProductFilterKeySchema, selectedKey: z.string() }),
  z.object({ discriminator: z.literal('slider'), facetKey: ProductFilterKeySchema, selectedValue: z.number() }),
])
export type FacetFilter = z.infer<typeof FacetFilterSchema>

export const SearchRequestSchema = z.object({
  filter: z.object({
    searchTerm: z.string().trim().max(200).default(''),
    filters: z.array(FacetFilterSchema).max(50).default([]),
  }),
  pageInfo: z
    .object({
      page: z.number().int().min(FIRST_PAGE).max(10_000).default(FIRST_PAGE),
      pageSize: z.number().int().min(1).max(96).default(DEFAULT_PAGE_SIZE),
      descending: z.boolean().default(false),
      // The sort values are the shop's own choice: an empty or null sort is the default order, not a bad request.
      sort: z
        .union([z.enum(['relevance', 'price', 'name', 'newest']), z.literal(''), z.null()])
        .optional()
        .transform((sort) => sort || 'relevance'),
    })
    .prefault({}),
  landingpageId: IdSchema.nullable().default(null),
  adviceCategoryId: IdSchema.nullable().default(null),
})
export type SearchRequest = z.infer<typeof SearchRequestSchema>

const PerKg = z.number().min(0).nullable()

/** Nutrition values: energy, protein, sugar and dry matter in g/kg; minerals, trace elements, vitamins per kg. */
export const NutritionSchema = z.object({
  energyDe: PerKg,
  energyEwpa: PerKg,
  crudeProtein: PerKg,
  sugar: PerKg,
  dryMatter: PerKg,
  moisturePercentage: z.number().min(0).max(100).nullable(),
  germContent: z.number().min(0).nullable(),
  minerals: z.record(z.string(), z.number().min(0)),
  traceElements: z.record(z.string(), z.number().min(0)),
  vitamins: z.record(z.string(), z.number().min(0)),
  addedSubstancesPerKg: z.record(z.string(), z.number().min(0)),
})
export type Nutrition = z.infer<typeof NutritionSchema>

export const UnitPriceSchema = z.object({
  unit: z.enum(['piece', 'kilogram', 'litre', '100gram', '100millilitre']),
  price: MoneySchema,
})

/** The product labels of a variant. */
export const ProductLabelsSchema = z.object({
  ean: z
    .string()
    .regex(/^\d{8,14}$/)
    .nullable(),
  articleNumber: z.string().min(1),
  brand: z.string(),
  colour: z.string().nullable(),
  dimensions: z.string().nullable(),
  weightGrams: z.number().int().min(0).nullable(),
  quantityPerPallet: z.number().int().min(0).nullable(),
  shelfLifeMonths: z.number().int().min(0).nullable(),
  deliveryTime: z.string(),
  content: z.string().nullable(),
  packaging: z.string().nullable(),
  nutrition: NutritionSchema.nullable(),
  unitPrice: UnitPriceSchema.nullable(),
  stockAmount: z.number().int().min(0),
  productType: ProductTypeSchema,
  vatType: VatTypeSchema,
})
export type ProductLabels = z.infer<typeof ProductLabelsSchema>

export const ReviewSchema = z.object({
  title: z.string().trim().min(1).max(120),
  text: z
    .string()
    .trim()
    .max(4000)
    .refine((text) => text.split(/\s+/).filter(Boolean).length >= REVIEW_MIN_WORDS, { message: 'minWords' }),
  rating: z.number().int().min(1).max(STAR_RATING_SCALE),
  language: LanguageCodeSchema,
})
export type Review = z.infer<typeof ReviewSchema>
