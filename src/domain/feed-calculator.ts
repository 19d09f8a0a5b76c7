// The feed calculator (spec §1, §3 Horse advice inputs and Feed advice, §4 labour and energy levels, §9): from a
// horse's type, weight, work, energy level and roughage, how much of each suitable feed a day, in grams and scoops,
// and how long a package lasts. Pure: the page runs it over the server's products or, offline, the device's copy.
//
// The energy sums use digestible energy (DE), the measure of NRC 2007 (Nutrient Requirements of Horses, 6th ed.,
// National Research Council, 2007) that the product data carries beside the Dutch EWpa (CVB); 1 Mcal = 4.184 MJ.
// - Maintenance (NRC 2007, ch. 1, table 1-3): 30.3, 33.3 and 36.3 kcal DE per kg body weight a day for horses that
//   keep their condition easily, average ones, and hard keepers or nervous ones: the energy levels low, medium, high.
// - Work (NRC 2007 table 1-3): light 1.2, moderate 1.4, heavy 1.6 times maintenance; light work is 1-3 hours a week
//   (NRC), average under 5 hours and heavy over 5 (spec §4).
// - Broodmares: late gestation, 1.2 times maintenance (NRC 2007, eleventh month). Foals: weanlings and yearlings need
//   about 72 and 59 kcal DE per kg (NRC 2007 growth tables, 500 kg mature weight), taken as 1.95 times average
//   maintenance. Seniors: 1.1 times, as aged horses digest less (NRC 2007 ch. 9 advises feeding them as hard keepers).
// - Roughage: 1.75 % of body weight in dry matter a day, inside the 1.5-2 % NRC 2007 gives for a forage-based ration;
//   its DE per kg dry matter and its dry matter share per kind from NRC 2007 feed tables (mid-maturity grass hay about
//   2.0 Mcal DE per kg DM) unless a roughage scan measured them.
// - Concentrate per feeding stays under 0.4 kg per 100 kg body weight, the usual ceiling for starch-rich feed (NRC
//   2007 ch. 3 on starch overload); a need the ceiling cannot meet is told, not fed.
// - Products with a set daily amount (minerals, balancers) are dosed for the 600 kg reference horse and scaled by
//   weight, so a 300 kg pony gets half (spec §9).
import { z } from 'zod'
import type { EnergyLevel, LabourLevel } from './enums.ts'
import type { CatalogueProduct, Package } from './product.ts'
import { SILO_OFFER, siloMinHorses } from './product-rules.ts'
import {
  FEEDINGS_PER_DAY,
  HORSE_REFERENCE_KG,
  HorseAdviceInputsSchema,
  type HorseAdviceInputs,
  type RoughageTypeSchema,
} from './scan.ts'

type RoughageType = z.infer<typeof RoughageTypeSchema>
type HorseType = HorseAdviceInputs['horseType']

export const MJ_PER_MCAL = 4.184
const MAINTENANCE_KCAL_PER_KG: Record<EnergyLevel, number> = { low: 30.3, medium: 33.3, high: 36.3 }
const WORK_FACTOR: Record<LabourLevel, number> = { none: 1, light: 1.2, average: 1.4, heavy: 1.6 }
const TYPE_FACTOR: Record<HorseType, number> = {
  horse: 1,
  pony: 1,
  sportHorse: 1,
  senior: 1.1,
  broodmare: 1.2,
  foal: 1.95,
}

/** The weights a horse of each type may have (kg): outside them the advice cannot be determined. */
export const WEIGHT_RANGE_KG: Record<HorseType, readonly [number, number]> = {
  pony: [100, 450],
  horse: [350, 1000],
  sportHorse: [400, 850],
  senior: [250, 1000],
  broodmare: [350, 950],
  foal: [50, 450],
}
/** The most work a week the calculator advises on; foals do not work, broodmares only lightly. */
export const MAX_WORK_HOURS: Record<HorseType, number> = {
  pony: 20,
  horse: 25,
  sportHorse: 30,
  senior: 10,
  broodmare: 3,
  foal: 0,
}

/** Roughage eaten a day, as a share of body weight, in dry matter. */
export const ROUGHAGE_DRY_MATTER_SHARE = 0.0175
/** Typical dry matter share and DE per kg of dry matter (MJ) of each kind of roughage. */
export const ROUGHAGE: Record<RoughageType, { dryMatter: number; deMjPerKgDm: number }> = {
  hay: { dryMatter: 0.86, deMjPerKgDm: 8.4 },
  haylage: { dryMatter: 0.6, deMjPerKgDm: 9.2 },
  silage: { dryMatter: 0.4, deMjPerKgDm: 9.6 },
  grass: { dryMatter: 0.2, deMjPerKgDm: 10 },
}
/** Most concentrate per feeding, grams per 100 kg body weight. */
export const MAX_CONCENTRATE_PER_FEEDING_PER_100KG = 400

/** A measured roughage (a roughage scan): its dry matter share (%) and DE per kg of dry matter (MJ). */
export const MeasuredRoughageSchema = z.object({
  dryMatterPercentage: z.number().min(10).max(95),
  deMjPerKgDm: z.number().min(4).max(14),
})
export type MeasuredRoughage = z.infer<typeof MeasuredRoughageSchema>

/** What the calculator page asks: the horse, optionally its measured roughage, and how many horses eat like it. */
export const FeedCalculatorInputsSchema = HorseAdviceInputsSchema.extend({
  roughage: MeasuredRoughageSchema.nullable().default(null),
  horses: z.number().int().min(1).max(500).default(1),
})
export type FeedCalculatorInputs = z.infer<typeof FeedCalculatorInputsSchema>

/** The longest name a saved horse may have (as the account's feed advice takes it). */
export const HORSE_NAME_MAX = 80

/** Why no advice can be given. */
export type NoAdviceReason = 'weightOutOfRange' | 'workOutOfRange' | 'invalidInputs' | 'noSuitableFeed'

/** A feed the calculator can dose: a product with a feeding guide (see FeedingGuideSchema in product.ts). */
export interface PackageAdvice {
  productVariantId: number
  package: Package
  weightGrams: number
  /** Feedings a package holds, and the days it lasts one horse. */
  portions: number
  days: number
}

export interface ProductAdvice {
  productId: number
  basis: 'energy' | 'fixed'
  gramsPerDay: number
  gramsPerFeeding: number
  /** To a quarter scoop, given in FEEDINGS_PER_DAY feedings. */
  scoopsPerDay: number
  packages: PackageAdvice[]
  /** All horses of this kind together, per month (30 days). */
  kgPerMonth: number
  siloOffer: boolean
}

export type FeedCalculation =
  | {
      ok: true
      labour: LabourLevel
      /** DE a day (MJ): what the horse needs, what its roughage gives, what is left for feed. */
      needMj: number
      roughageMj: number
      shortfallMj: number
      /** Roughage a day as fed (kg), and in dry matter. */
      roughageKgPerDay: number
      roughageDryMatterKgPerDay: number
      /** Feeds dosed to the shortfall, best fit first; empty when the roughage covers the need. */
      energyFeeds: ProductAdvice[]
      /** Feeds with a set daily amount (minerals, balancers). */
      fixedFeeds: ProductAdvice[]
      /** Feeds that suit the horse but would need more than a safe amount per feeding to close the shortfall. */
      overLimit: number[]
    }
  | { ok: false; reason: NoAdviceReason }

/** Labour level of a week's work (spec §4): none, light up to 3 hours, average up to 5, heavy over 5. */
export function labourOf(workHoursPerWeek: number): LabourLevel {
  if (workHoursPerWeek <= 0) return 'none'
  if (workHoursPerWeek <= 3) return 'light'
  if (workHoursPerWeek <= 5) return 'average'
  return 'heavy'
}

/** DE a horse needs a day (MJ). */
export function energyNeedMj(inputs: HorseAdviceInputs): number {
  const { horseType, weightKg, workHoursPerWeek, energyLevel } = inputs
  const kcal = weightKg * MAINTENANCE_KCAL_PER_KG[energyLevel] * TYPE_FACTOR[horseType]
  return (kcal / 1000) * WORK_FACTOR[labourOf(workHoursPerWeek)] * MJ_PER_MCAL
}

/** The roughage a horse eats a day and the DE it gives. */
export function roughageOf(weightKg: number, type: RoughageType, measured: MeasuredRoughage | null) {
  const dryMatter = measured ? measured.dryMatterPercentage / 100 : ROUGHAGE[type].dryMatter
  const deMjPerKgDm = measured ? measured.deMjPerKgDm : ROUGHAGE[type].deMjPerKgDm
  const dryMatterKg = weightKg * ROUGHAGE_DRY_MATTER_SHARE
  return { dryMatterKg, asFedKg: dryMatterKg / dryMatter, mj: dryMatterKg * deMjPerKgDm }
}

/** The product facet value of a horse type (the catalogue says 'sport' for sport horses). */
const facetOf = (type: HorseType) => (type === 'sportHorse' ? 'sport' : type)

/** What the calculator reads of a product. */
export type DosedProduct = Pick<
  CatalogueProduct,
  'productId' | 'facets' | 'state' | 'nutrition' | 'feeding' | 'variants'
>

/** Whether a product is for this horse and this much work, by the facets it lists. */
export function suits(product: DosedProduct, horseType: HorseType, labour: LabourLevel): boolean {
  const types = product.facets.horseType ?? []
  const labours = product.facets.labour
  return types.includes(facetOf(horseType)) && (!labours || labours.includes(labour))
}

const roundTo = (value: number, step: number) => Math.round(value / step) * step

function dose(
  product: DosedProduct,
  basis: 'energy' | 'fixed',
  gramsPerDay: number,
  scoopGrams: number,
  horses: number,
  siloHorses: number,
): ProductAdvice {
  const grams = Math.max(basis === 'energy' ? 50 : 5, roundTo(gramsPerDay, basis === 'energy' ? 50 : 5))
  const gramsPerFeeding = grams / FEEDINGS_PER_DAY
  const kgPerMonth = (grams * horses * 30) / 1000
  const packages = product.variants.flatMap((v): PackageAdvice[] =>
    v.weightGrams === null
      ? []
      : [
          {
            productVariantId: v.productVariantId,
            package: v.package,
            weightGrams: v.weightGrams,
            portions: Math.floor(v.weightGrams / gramsPerFeeding),
            days: Math.floor(v.weightGrams / grams),
          },
        ],
  )
  return {
    productId: product.productId,
    basis,
    gramsPerDay: grams,
    gramsPerFeeding: Math.round(gramsPerFeeding),
    scoopsPerDay: Math.max(0.25, roundTo(grams / scoopGrams, 0.25)),
    packages,
    kgPerMonth,
    siloOffer: kgPerMonth > SILO_OFFER.minKilograms || horses >= siloHorses,
  }
}

/**
 * The advice for a horse over the products of a site: each suitable feed dosed on its own (the page offers them as
 * alternatives), minerals and balancers at their set amount. `language` is the page's (the silo offer's number).
 */
export function calculateFeed(
  raw: FeedCalculatorInputs,
  products: readonly DosedProduct[],
  language: string | null = null,
): FeedCalculation {
  const parsed = FeedCalculatorInputsSchema.safeParse(raw)
  if (!parsed.success) return { ok: false, reason: 'invalidInputs' }
  const inputs = parsed.data
  const [min, max] = WEIGHT_RANGE_KG[inputs.horseType]
  if (inputs.weightKg < min || inputs.weightKg > max) return { ok: false, reason: 'weightOutOfRange' }
  if (inputs.workHoursPerWeek > MAX_WORK_HOURS[inputs.horseType]) return { ok: false, reason: 'workOutOfRange' }

  const labour = labourOf(inputs.workHoursPerWeek)
  const needMj = energyNeedMj(inputs)
  const roughage = roughageOf(inputs.weightKg, inputs.roughageType, inputs.roughage)
  const shortfallMj = Math.max(0, needMj - roughage.mj)
  const maxPerDay = (inputs.weightKg / 100) * MAX_CONCENTRATE_PER_FEEDING_PER_100KG * FEEDINGS_PER_DAY
  const siloHorses = siloMinHorses(language)

  const energyFeeds: ProductAdvice[] = []
  const fixedFeeds: ProductAdvice[] = []
  const overLimit: number[] = []
  for (const product of products) {
    const guide = product.feeding
    if (!guide || product.state !== 'available' || !suits(product, inputs.horseType, labour)) continue
    if (guide.basis === 'fixed') {
      const grams = (guide.referenceGramsPerDay * inputs.weightKg) / HORSE_REFERENCE_KG
      fixedFeeds.push(dose(product, 'fixed', grams, guide.scoopGrams, inputs.horses, siloHorses))
      continue
    }
    const de = product.nutrition?.energyDe
    if (!de || shortfallMj === 0) continue
    const grams = (shortfallMj / de) * 1000
    if (grams > maxPerDay) overLimit.push(product.productId)
    else energyFeeds.push(dose(product, 'energy', grams, guide.scoopGrams, inputs.horses, siloHorses))
  }
  // The least feed for the same energy first: the most energy-dense feed that suits is the lightest ration.
  energyFeeds.sort((a, b) => a.gramsPerDay - b.gramsPerDay || a.productId - b.productId)
  fixedFeeds.sort((a, b) => a.productId - b.productId)
  // Nothing suits at all (a feed over its limit still says something: more or better roughage).
  if (shortfallMj > 0 && energyFeeds.length === 0 && fixedFeeds.length === 0 && overLimit.length === 0)
    return { ok: false, reason: 'noSuitableFeed' }
  return {
    ok: true,
    labour,
    needMj,
    roughageMj: roughage.mj,
    shortfallMj,
    roughageKgPerDay: roughage.asFedKg,
    roughageDryMatterKgPerDay: roughage.dryMatterKg,
    energyFeeds,
    fixedFeeds,
    overLimit,
  }
}
