// How a product's nutrition values read on a label: each with its unit and the decimals its kind of value has, in
// the language's number format with the language's own digit grouping ("90.000 kve/g", "90 000 UFC/g"). The seed
// (src/server/db/seed/catalogue/products.json) holds energy in MJ DE per kg and EWpa per kg, protein, sugar and dry
// matter in g/kg, moisture in percent, the germ count in colony-forming units per gram, minerals and added substances
// in g/kg, trace elements and vitamins in mg/kg, and vitamins A and D3 in international units per kg.
import type { Nutrition } from './catalogue.ts'
import { formatWithPattern, intlLocaleOf } from './locale.ts'
import { intlDataOf } from './intl-data.ts'
import type { LanguageCode } from './language-codes.ts'
import type { Translate } from './variant-label.ts'

export const MAIN_NUTRIENTS = [
  'energyDe',
  'energyEwpa',
  'crudeProtein',
  'sugar',
  'dryMatter',
  'moisturePercentage',
  'germContent',
] as const
export type MainNutrient = (typeof MAIN_NUTRIENTS)[number]
export const NUTRIENT_GROUPS = ['minerals', 'traceElements', 'vitamins', 'addedSubstancesPerKg'] as const
export type NutrientGroup = (typeof NUTRIENT_GROUPS)[number]

/** A unit is an SI symbol, the same in every language, or a unit the language names itself (cfu, IU). */
type Unit = { symbol: string } | { text: 'catalogue.unit.cfuPerGram' | 'catalogue.unit.iuPerKilogram' } | 'percent'
interface Measure {
  unit: Unit
  /** Fraction digits shown: at least, at most. */
  digits: readonly [number, number]
}

const MAIN: Record<MainNutrient, Measure> = {
  energyDe: { unit: { symbol: 'MJ/kg' }, digits: [1, 1] },
  // EWpa is a feed unit (the net energy of a kilogram of barley), given per kilogram of feed to two decimals.
  energyEwpa: { unit: { symbol: 'EWpa/kg' }, digits: [2, 2] },
  crudeProtein: { unit: { symbol: 'g/kg' }, digits: [0, 1] },
  sugar: { unit: { symbol: 'g/kg' }, digits: [0, 1] },
  dryMatter: { unit: { symbol: 'g/kg' }, digits: [0, 1] },
  moisturePercentage: { unit: 'percent', digits: [0, 1] },
  germContent: { unit: { text: 'catalogue.unit.cfuPerGram' }, digits: [0, 0] },
}

const GROUPS: Record<NutrientGroup, Measure> = {
  minerals: { unit: { symbol: 'g/kg' }, digits: [0, 2] },
  traceElements: { unit: { symbol: 'mg/kg' }, digits: [0, 2] },
  vitamins: { unit: { symbol: 'mg/kg' }, digits: [0, 2] },
  addedSubstancesPerKg: { unit: { symbol: 'g/kg' }, digits: [0, 2] },
}
const INTERNATIONAL_UNITS: Measure = { unit: { text: 'catalogue.unit.iuPerKilogram' }, digits: [0, 0] }
const IN_INTERNATIONAL_UNITS = new Set(['vitaminA', 'vitaminD3'])

/**
 * A value with the measure's decimals, grouped as the language groups numbers (not the money format's grouping, on
 * for sv and pl only, which is about prices): with the pattern Intl gives (number-patterns.ts), else with Intl.
 */
function formatValue(language: LanguageCode, measure: Measure, value: number): string {
  const percent = measure.unit === 'percent'
  const patterns = intlDataOf(language)?.numbers
  const written =
    patterns &&
    formatWithPattern(
      percent ? patterns.percent : patterns.decimal,
      percent ? value / 100 : value,
      measure.digits,
      percent ? 2 : 0,
    )
  return (
    written ??
    new Intl.NumberFormat(intlLocaleOf(language), {
      style: percent ? 'percent' : 'decimal',
      minimumFractionDigits: measure.digits[0],
      maximumFractionDigits: measure.digits[1],
    }).format(percent ? value / 100 : value)
  )
}

function formatMeasure(measure: Measure, value: number, language: LanguageCode, t: Translate): string {
  if (measure.unit === 'percent') return formatValue(language, measure, value)
  const unit = 'symbol' in measure.unit ? measure.unit.symbol : t(measure.unit.text)
  // A no-break space: a number is never split from its unit.
  return `${formatValue(language, measure, value)}\u00a0${unit}`
}

/** One of the main values: "13,2 MJ/kg", "0,95 EWpa/kg", "11,5%", "90.000 kve/g". */
export function formatMainNutrient(key: MainNutrient, value: number, language: LanguageCode, t: Translate): string {
  return formatMeasure(MAIN[key], value, language, t)
}

/** A mineral, trace element, vitamin or added substance: "9 g/kg", "0,5 mg/kg", "16.000 IE/kg". */
export function formatGroupNutrient(
  group: NutrientGroup,
  key: string,
  value: number,
  language: LanguageCode,
  t: Translate,
): string {
  const measure = group === 'vitamins' && IN_INTERNATIONAL_UNITS.has(key) ? INTERNATIONAL_UNITS : GROUPS[group]
  return formatMeasure(measure, value, language, t)
}

/** The main values a product has, in label order. */
export const mainNutrientsOf = (nutrition: Nutrition) =>
  MAIN_NUTRIENTS.flatMap((key) => (nutrition[key] === null ? [] : [[key, nutrition[key]] as const]))
