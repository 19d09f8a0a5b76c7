import { describe, expect, it } from 'vitest'
import {
  FEED_CALCULATOR_DEFAULTS,
  formFromQuery,
  formOfScan,
  formOf,
  queryOf,
  readForm,
  type FeedCalculatorForm,
} from './feed-calculator-query.ts'

const form = (overrides: Partial<FeedCalculatorForm>) => ({ ...FEED_CALCULATOR_DEFAULTS, ...overrides })

describe('the feed calculator form in the address', () => {
  it('names nothing for the defaults and only what differs otherwise', () => {
    expect(queryOf(FEED_CALCULATOR_DEFAULTS).toString()).toBe('')
    expect(queryOf(form({ type: 'pony', weight: '300' })).toString()).toBe('type=pony&weight=300')
  })

  it('reads an address back to the same form, defaults for what it leaves out', () => {
    const pony = form({ type: 'pony', weight: '300', dm: '86', de: '8,1' })
    expect(formFromQuery(queryOf(pony))).toEqual(pony)
    expect(formFromQuery(new URLSearchParams('utm_source=mail'))).toBeNull()
    expect(formFromQuery(new URLSearchParams(`weight=${'9'.repeat(50)}`))!.weight).toHaveLength(20)
  })

  it('reads decimal commas and measured roughage', () => {
    const read = readForm(form({ weight: '612,5', work: '2.5', dm: '86,4', de: '8.1', horses: '3' }))
    expect(read).toEqual({
      ok: true,
      inputs: {
        horseType: 'horse',
        roughageType: 'hay',
        weightKg: 612.5,
        workHoursPerWeek: 2.5,
        energyLevel: 'medium',
        horses: 3,
        roughage: { dryMatterPercentage: 86.4, deMjPerKgDm: 8.1 },
      },
    })
    expect(formOf(read.ok ? read.inputs : (undefined as never))).toEqual(
      form({ weight: '612.5', work: '2.5', dm: '86.4', de: '8.1', horses: '3' }),
    )
  })

  it.each([
    [{ weight: '' }, 'invalidInputs'],
    [{ weight: 'heavy' }, 'invalidInputs'],
    [{ weight: '-5' }, 'invalidInputs'],
    [{ type: 'unicorn' }, 'invalidInputs'],
    [{ energy: 'extreme' }, 'invalidInputs'],
    [{ horses: '0' }, 'invalidInputs'],
    [{ horses: '1.5' }, 'invalidInputs'],
    [{ dm: '86' }, 'invalidInputs'],
    [{ dm: '5', de: '8' }, 'invalidInputs'],
    [{ weight: '2000' }, 'weightOutOfRange'],
    [{ weight: '20' }, 'weightOutOfRange'],
    [{ work: '100' }, 'workOutOfRange'],
  ] as const)('refuses %j: %s', (overrides, reason) => {
    expect(readForm(form(overrides))).toEqual({ ok: false, reason })
  })

  it('opens a scan result in the calculator with its measured dry matter and energy', () => {
    const nutrition = {
      energyDe: 8.1,
      energyEwpa: null,
      crudeProtein: 96,
      sugar: 112,
      dryMatter: 864,
      moisturePercentage: 13.6,
      germContent: null,
      minerals: {},
      traceElements: {},
      vitamins: {},
      addedSubstancesPerKg: {},
    }
    expect(formOfScan({ dryMatterPercentage: 86.4, nutrition })).toEqual(form({ dm: '86.4', de: '8.1' }))
    expect(formOfScan({ dryMatterPercentage: null, nutrition })).toBeNull()
    expect(formOfScan({ dryMatterPercentage: 86.4, nutrition: null })).toBeNull()
    expect(formOfScan({ dryMatterPercentage: 86.4, nutrition: { ...nutrition, energyDe: 40 } })).toBeNull()
  })
})
