import { z } from 'zod'

// The shop's enumerations. Numeric enums keep the numbers the API uses on the wire.

export const ShippingMethod = { Shipping: 0, Dpd: 1 } as const
export const ShippingMethodSchema = z.union([z.literal(0), z.literal(1)])
export type ShippingMethod = z.infer<typeof ShippingMethodSchema>

export const ProductType = { Simple: 1, Feed: 2, Merchandise: 3, Rqs: 4, Qs: 5, Bundle: 6 } as const
export const ProductTypeSchema = z.union([
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
  z.literal(5),
  z.literal(6),
])
export type ProductType = z.infer<typeof ProductTypeSchema>

export const SiteType = { MainBrand: 0, SecondBrand: 1, Corporate: 2 } as const
export const SiteTypeSchema = z.union([z.literal(0), z.literal(1), z.literal(2)])
export type SiteType = z.infer<typeof SiteTypeSchema>

/** Platform variants: the German main-brand site runs the `muehldorfer` variant with its own brand name. */
export const PlatformVariantSchema = z.enum(['shop', 'muehldorfer', 'corporate'])
export type PlatformVariant = z.infer<typeof PlatformVariantSchema>

export const StatusLabelSchema = z.enum([
  'activated',
  'cancelled',
  'open',
  'paid',
  'processing',
  'sent',
  'closed',
  'saved',
  'added',
  'created',
  'new',
  'comingSoon',
])
export type StatusLabel = z.infer<typeof StatusLabelSchema>

export const EnergyLevelSchema = z.enum(['low', 'medium', 'high'])
export type EnergyLevel = z.infer<typeof EnergyLevelSchema>

/** Labour levels: average is under 5 hours of work a week, heavy is over 5. */
export const LabourLevelSchema = z.enum(['none', 'light', 'average', 'heavy'])
export type LabourLevel = z.infer<typeof LabourLevelSchema>

export const VatTypeSchema = z.enum(['high', 'low'])
export type VatType = z.infer<typeof VatTypeSchema>
