import { z } from 'zod'
import { FacetFilterSchema, NutritionSchema, ProductFilterKeySchema } from './catalogue.ts'
import { ProductTypeSchema, VatTypeSchema } from './enums.ts'
import { IdSchema } from './ids.ts'
import { LanguageCodeSchema } from './languages.ts'
import { CentsSchema, CurrencyCodeSchema } from './money.ts'
import { IMAGE_VIEWS } from './product-images.ts'

export const ImageViewSchema = z.enum(IMAGE_VIEWS)

// A product as one site sells it in one language: everything the product page, the search, the compare
// page and the offline catalogue need, in one shape. The server assembles it from the catalogue tables; the app keeps
// the same documents in IndexedDB and checks them with this schema on every read.

export const PackageSchema = z.enum(['bag', 'bucket', 'bigBag', 'silo', 'bottle', 'box', 'piece'])
export type Package = z.infer<typeof PackageSchema>

/** A product is available, "coming soon", or "not yet available" (with a notify-me request). */
export const ProductStateSchema = z.enum(['available', 'comingSoon', 'notYetAvailable'])
export type ProductState = z.infer<typeof ProductStateSchema>

/** Unit prices are per piece, kilogram, litre, 100 gram or 100 millilitre. */
export const UnitSchema = z.enum(['piece', 'kilogram', 'litre', '100gram', '100millilitre'])
export type Unit = z.infer<typeof UnitSchema>
export const UnitPriceCentsSchema = z.object({ unit: UnitSchema, cents: CentsSchema })
export type UnitPriceCents = z.infer<typeof UnitPriceCentsSchema>

/** Facet keys a product lists itself; productGroup, package, weightClass, sale and new follow from its data. */
export const ListedFacetKeySchema = ProductFilterKeySchema.extract([
  'horseType',
  'ageGroup',
  'application',
  'ingredient',
  'labour',
])
export type ListedFacetKey = z.infer<typeof ListedFacetKeySchema>

const Text = z.string().max(10_000)
const Path = z.string().startsWith('/').max(1024)

export const ProductVariantSchema = z.object({
  productVariantId: IdSchema,
  articleNumber: z.string().min(1).max(40),
  ean: z
    .string()
    .regex(/^\d{8,14}$/)
    .nullable(),
  package: PackageSchema,
  weightGrams: z.number().int().positive().nullable(),
  contentMillilitres: z.number().int().positive().nullable(),
  colour: z.string().max(60).nullable(),
  dimensions: z.string().max(60).nullable(),
  quantityPerPallet: z.number().int().positive().nullable(),
  /** In the site's currency, VAT included. */
  price: CentsSchema.positive(),
  /** The price before a sale; null when not on sale. */
  originalPrice: CentsSchema.positive().nullable(),
  unitPrice: UnitPriceCentsSchema.nullable(),
  stock: z.number().int().min(0),
  /** This variant's own page (the product's path plus its article code). */
  path: Path,
})
export type ProductVariant = z.infer<typeof ProductVariantSchema>

export const ProductReviewSchema = z.object({
  reviewId: IdSchema,
  title: z.string().max(200),
  text: z.string().max(4000),
  rating: z.number().int().min(1).max(5),
  language: LanguageCodeSchema,
  author: z.string().max(100),
  createdAt: z.iso.date(),
})
export type ProductReview = z.infer<typeof ProductReviewSchema>

export const RatingSchema = z.object({ average: z.number().min(1).max(5), count: z.number().int().positive() })
export type Rating = z.infer<typeof RatingSchema>

/**
 * How a feed is dosed by the feed calculator (src/domain/feed-calculator.ts): to the energy the roughage leaves
 * uncovered, or a set amount a day for the 600 kg reference horse (minerals, balancers); and what one level scoop of
 * it weighs: the 1.5-litre feed scoop for feeds (muesli is lighter than pellets), the measuring scoop in the bucket
 * for minerals.
 */
export const FeedingGuideSchema = z.discriminatedUnion('basis', [
  z.object({ basis: z.literal('energy'), scoopGrams: z.number().positive().max(5000) }),
  z.object({
    basis: z.literal('fixed'),
    referenceGramsPerDay: z.number().positive().max(10_000),
    scoopGrams: z.number().positive().max(5000),
  }),
])
export type FeedingGuide = z.infer<typeof FeedingGuideSchema>

export const CatalogueProductSchema = z.object({
  productId: IdSchema,
  key: z.string().min(1).max(80),
  productType: ProductTypeSchema,
  name: z.string().min(1).max(200),
  shortDescription: Text,
  description: z.array(Text).max(10),
  usage: z.array(Text).max(10),
  seoTitle: z.string().max(300),
  seoDescription: z.string().max(500),
  /** The product's page; for a bundle, the bundle page. */
  path: Path,
  brand: z.string().min(1).max(60),
  productGroup: z.string().min(1).max(60),
  facets: z.partialRecord(ListedFacetKeySchema, z.array(z.string().max(60)).max(30)),
  vatType: VatTypeSchema,
  createdAt: z.iso.date(),
  state: ProductStateSchema,
  shelfLifeMonths: z.number().int().positive().nullable(),
  nutrition: NutritionSchema.nullable(),
  /** How the feed calculator doses it; null for what it does not advise on. */
  feeding: FeedingGuideSchema.nullable().default(null),
  videos: z.array(z.url()).max(5),
  image: z.object({ name: z.string().regex(/^[a-z0-9-]+$/), views: z.array(ImageViewSchema).min(1) }),
  /** Related products sold on the same site, in order. */
  related: z.array(IdSchema).max(12),
  /** What a bundle holds; null for other products. */
  bundleItems: z
    .array(z.object({ productId: IdSchema, productVariantId: IdSchema, quantity: z.number().int().positive() }))
    .nullable(),
  rating: RatingSchema.nullable(),
  reviews: z.array(ProductReviewSchema).max(50),
  currency: CurrencyCodeSchema,
  variants: z.array(ProductVariantSchema).min(1).max(20),
  /** The catalogue version this product last changed in (delta sync). */
  version: z.number().int().min(0),
})
export type CatalogueProduct = z.infer<typeof CatalogueProductSchema>

/** A landing page: a product search with a fixed selection (e.g. everything on sale), at its own path. */
export const LandingPageSchema = z.object({
  landingPageId: IdSchema,
  key: z.string(),
  title: z.string(),
  intro: z.string(),
  path: Path,
  filters: z.array(FacetFilterSchema).max(10),
})
export type LandingPage = z.infer<typeof LandingPageSchema>

/** The names of a site's catalogue in one language: groups, facet values, landing pages, the search page's path. */
export const CatalogueLabelsSchema = z.object({
  productGroups: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      description: z.string(),
      path: Path,
      /** The product image that stands for the group; copies stored before it was sent have none. */
      image: z.string().nullable().default(null),
    }),
  ),
  /** Label per value, per facet key (package, weight classes, sale and new included). */
  facetValues: z.partialRecord(ProductFilterKeySchema, z.record(z.string(), z.string())),
  landingPages: z.array(LandingPageSchema),
  searchPath: Path,
})
export type CatalogueLabels = z.infer<typeof CatalogueLabelsSchema>
