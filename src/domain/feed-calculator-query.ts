import { EnergyLevelSchema } from './enums.ts'
import {
  FeedCalculatorInputsSchema,
  MeasuredRoughageSchema,
  type FeedCalculatorInputs,
  type NoAdviceReason,
} from './feed-calculator.ts'
import { HorseAdviceInputsSchema, HorseTypeSchema, RoughageTypeSchema, type ScanResult } from './scan.ts'

// The feed calculator's form in the page's address (`?type=pony&weight=300…`): a link keeps a horse's advice, the
// server renders the advice of the address asked for, the form works without JavaScript (a GET form), and a roughage
// scan's result opens the calculator with its measured values (`dm`, `de`).

/** The form's fields as typed (strings), by their query names. */
export interface FeedCalculatorForm {
  type: string
  roughage: string
  weight: string
  work: string
  energy: string
  horses: string
  /** A measured roughage: dry matter % and MJ DE per kg of dry matter; empty for the typical values. */
  dm: string
  de: string
}

export const FEED_CALCULATOR_DEFAULTS: FeedCalculatorForm = {
  type: 'horse',
  roughage: 'hay',
  weight: '600',
  work: '0',
  energy: 'medium',
  horses: '1',
  dm: '',
  de: '',
}
const FIELDS = Object.keys(FEED_CALCULATOR_DEFAULTS) as (keyof FeedCalculatorForm)[]

/** The form of an address: what it names, the defaults for the rest; null when it names none of the fields. */
export function formFromQuery(query: URLSearchParams): FeedCalculatorForm | null {
  if (!FIELDS.some((field) => query.has(field))) return null
  const form = { ...FEED_CALCULATOR_DEFAULTS }
  for (const field of FIELDS) {
    const value = query.get(field)
    if (value !== null) form[field] = value.slice(0, 20)
  }
  return form
}

/** The address query of a form: only what differs from the defaults, so the plain page has a plain address. */
export function queryOf(form: FeedCalculatorForm): URLSearchParams {
  const query = new URLSearchParams()
  for (const field of FIELDS) if (form[field] !== FEED_CALCULATOR_DEFAULTS[field]) query.set(field, form[field])
  return query
}

/** A number as people type it: a decimal comma is a decimal point; anything else is not a number. */
function numberOf(text: string): number | null {
  const normalised = text.trim().replace(',', '.')
  return /^\d+(\.\d+)?$/.test(normalised) ? Number(normalised) : null
}

export type ReadForm = { ok: true; inputs: FeedCalculatorInputs } | { ok: false; reason: NoAdviceReason }

/**
 * The calculator's inputs of a form; a weight or work beyond what any horse has is out of range (as the calculator
 * says for one type), a field that is not a number or not one of the choices is invalid.
 */
export function readForm(form: FeedCalculatorForm): ReadForm {
  const dm = form.dm.trim() === '' ? null : numberOf(form.dm)
  const de = form.de.trim() === '' ? null : numberOf(form.de)
  const measured = dm !== null && de !== null ? { dryMatterPercentage: dm, deMjPerKgDm: de } : null
  const invalid = { ok: false, reason: 'invalidInputs' } as const
  if ((form.dm.trim() !== '' || form.de.trim() !== '') && !MeasuredRoughageSchema.safeParse(measured).success)
    return invalid
  const weightKg = numberOf(form.weight)
  const workHoursPerWeek = numberOf(form.work)
  const { weightKg: weight, workHoursPerWeek: work } = HorseAdviceInputsSchema.shape
  if (weightKg !== null && !weight.safeParse(weightKg).success) return { ok: false, reason: 'weightOutOfRange' }
  if (workHoursPerWeek !== null && !work.safeParse(workHoursPerWeek).success)
    return { ok: false, reason: 'workOutOfRange' }
  const parsed = FeedCalculatorInputsSchema.safeParse({
    horseType: HorseTypeSchema.safeParse(form.type).data,
    roughageType: RoughageTypeSchema.safeParse(form.roughage).data,
    weightKg,
    workHoursPerWeek,
    energyLevel: EnergyLevelSchema.safeParse(form.energy).data,
    horses: numberOf(form.horses),
    roughage: measured,
  })
  return parsed.success ? { ok: true, inputs: parsed.data } : invalid
}

/** The form that gives these inputs back (a saved horse opened again). */
export function formOf(inputs: FeedCalculatorInputs): FeedCalculatorForm {
  return {
    type: inputs.horseType,
    roughage: inputs.roughageType,
    weight: String(inputs.weightKg),
    work: String(inputs.workHoursPerWeek),
    energy: inputs.energyLevel,
    horses: String(inputs.horses),
    dm: inputs.roughage ? String(inputs.roughage.dryMatterPercentage) : '',
    de: inputs.roughage ? String(inputs.roughage.deMjPerKgDm) : '',
  }
}

/**
 * The calculator's form for a roughage scan's result ('calculate feed with this roughage'): its dry matter and its DE
 * per kg of dry matter (labs report a roughage's energy on dry matter), the rest as the calculator's defaults. Null
 * when the result has no such values, or values no roughage has.
 */
export function formOfScan(result: Pick<ScanResult, 'dryMatterPercentage' | 'nutrition'>): FeedCalculatorForm | null {
  const measured = MeasuredRoughageSchema.safeParse({
    dryMatterPercentage: result.dryMatterPercentage,
    deMjPerKgDm: result.nutrition?.energyDe,
  })
  if (!measured.success) return null
  return {
    ...FEED_CALCULATOR_DEFAULTS,
    dm: String(measured.data.dryMatterPercentage),
    de: String(measured.data.deMjPerKgDm),
  }
}
