import { z } from 'zod'
import { EnergyLevelSchema } from './enums.ts'
import { NutritionSchema } from './catalogue.ts'

// Roughage scans (Rqs quick scan, Qs quality scan) and the feed calculator.

export const ScanResultSchema = z.object({
  name: z.string(),
  type: z.enum(['rqs', 'qs']),
  receiptDate: z.iso.date(),
  resultDate: z.iso.date().nullable(),
  sampleValue: z.number().nullable(),
  targetValue: z.number().nullable(),
  average: z.number().nullable(),
  dryMatterPercentage: z.number().min(0).max(100).nullable(),
  nutrition: NutritionSchema.nullable(),
})
export type ScanResult = z.infer<typeof ScanResultSchema>

export const HorseTypeSchema = z.enum(['horse', 'pony', 'sportHorse', 'broodmare', 'foal', 'senior'])
export const RoughageTypeSchema = z.enum(['hay', 'haylage', 'silage', 'grass'])

/** What the feed calculator asks about a horse. */
export const HorseAdviceInputsSchema = z.object({
  horseType: HorseTypeSchema,
  roughageType: RoughageTypeSchema,
  weightKg: z.number().min(50).max(1500),
  workHoursPerWeek: z.number().min(0).max(60),
  energyLevel: EnergyLevelSchema,
})
export type HorseAdviceInputs = z.infer<typeof HorseAdviceInputsSchema>

/** A pony's dose is half, for 300 kg; the horse reference is 600 kg; scoops are given 3 times a day. */
export const PONY_REFERENCE_KG = 300
export const HORSE_REFERENCE_KG = 600
export const FEEDINGS_PER_DAY = 3

export const FeedAdviceSchema = z.object({
  gramsPerDay: z.number().min(0),
  scoopsPerDay: z.number().min(0),
  portionsPerPackage: z.number().min(0),
  daysPerPackage: z.number().min(0),
  read: z.boolean(),
})
export type FeedAdvice = z.infer<typeof FeedAdviceSchema>
