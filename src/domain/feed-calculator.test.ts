import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { product as productOf, variant } from '../../tests/helpers/catalogue-fixtures.ts'
import type { Nutrition } from './catalogue.ts'
import {
  calculateFeed,
  energyNeedMj,
  FeedCalculatorInputsSchema,
  labourOf,
  WEIGHT_RANGE_KG,
  type FeedCalculation,
  type FeedCalculatorInputs,
} from './feed-calculator.ts'
import type { CatalogueProduct } from './product.ts'
import { siloMinHorses } from './product-rules.ts'

const nutrition = (energyDe: number): Nutrition => ({
  energyDe,
  energyEwpa: null,
  crudeProtein: 100,
  sugar: 50,
  dryMatter: 880,
  moisturePercentage: 12,
  germContent: null,
  minerals: {},
  traceElements: {},
  vitamins: {},
  addedSubstancesPerKg: {},
})

const feed = (
  id: number,
  energyDe: number,
  horseType: string[],
  labour: string[],
  scoopGrams = 600,
): CatalogueProduct =>
  productOf(id, {
    nutrition: nutrition(energyDe),
    facets: { horseType, labour },
    feeding: { basis: 'energy', scoopGrams },
    variants: [variant(id * 100 + 1, { weightGrams: 20000 }), variant(id * 100 + 2, { weightGrams: 500000 })],
  })

// The seed's feeds, by their facets and DE (MJ/kg).
const SPORT = feed(1, 13.2, ['horse', 'sport'], ['average', 'heavy'])
const LEISURE = feed(2, 11, ['horse', 'pony'], ['none', 'light'])
const SENIOR = feed(3, 12, ['senior', 'horse', 'pony'], ['none', 'light'])
const FOAL = feed(4, 12.7, ['foal', 'broodmare'], ['none'], 1000)
const MINERALS = productOf(5, {
  nutrition: nutrition(6),
  facets: {
    horseType: ['horse', 'pony', 'senior', 'broodmare', 'sport'],
    labour: ['none', 'light', 'average', 'heavy'],
  },
  feeding: { basis: 'fixed', referenceGramsPerDay: 100, scoopGrams: 50 },
  variants: [variant(501, { package: 'bucket', weightGrams: 10000 })],
})
const TREATS = productOf(6, { facets: { horseType: ['horse', 'pony'] }, feeding: null })
const PRODUCTS = [SPORT, LEISURE, SENIOR, FOAL, MINERALS, TREATS]

const inputs = (overrides: Partial<FeedCalculatorInputs>): FeedCalculatorInputs =>
  FeedCalculatorInputsSchema.parse({
    horseType: 'horse',
    roughageType: 'hay',
    weightKg: 600,
    workHoursPerWeek: 0,
    energyLevel: 'medium',
    ...overrides,
  })

function advised(result: FeedCalculation) {
  if (!result.ok) throw new Error(`no advice: ${result.reason}`)
  return result
}
const gramsOf = (result: FeedCalculation, productId: number) => {
  const a = advised(result)
  return [...a.energyFeeds, ...a.fixedFeeds].find((p) => p.productId === productId)?.gramsPerDay
}

describe('the feed calculator', () => {
  // Worked out by hand from NRC 2007: maintenance kcal DE/kg × type × work, roughage 1.75 % of weight in dry matter.
  it.each<{
    horse: string
    in: Partial<FeedCalculatorInputs>
    product: CatalogueProduct
    grams: number
    energyFeeds: number
  }>([
    // A 600 kg horse at rest on hay: 83.6 MJ needed, 88.2 MJ from 10.5 kg hay dry matter; minerals only.
    { horse: 'resting horse on hay', in: {}, product: MINERALS, grams: 100, energyFeeds: 0 },
    // The same horse in average work (4 h, × 1.4): 117.0 MJ, 28.8 short; sport muesli 13.2 MJ/kg → 2 182 g.
    { horse: 'horse in average work', in: { workHoursPerWeek: 4 }, product: SPORT, grams: 2200, energyFeeds: 1 },
    // A heavy worker (8 h, × 1.6), a hard keeper, on haylage: 145.8 MJ, 96.6 from haylage; 3 727 g.
    {
      horse: 'heavy worker on haylage',
      in: { workHoursPerWeek: 8, energyLevel: 'high', roughageType: 'haylage' },
      product: SPORT,
      grams: 3750,
      energyFeeds: 1,
    },
    // A 300 kg pony: the minerals' 600 kg dose halved (spec §9), and its hay (44.1 MJ) covers its 41.8 MJ.
    { horse: 'pony of 300 kg', in: { horseType: 'pony', weightKg: 300 }, product: MINERALS, grams: 50, energyFeeds: 0 },
    // A 500 kg senior in light work (× 1.1 × 1.2): 92.0 MJ, 73.5 from hay; senior muesli 12 MJ/kg → 1 538 g.
    {
      horse: 'senior in light work',
      in: { horseType: 'senior', weightKg: 500, workHoursPerWeek: 2 },
      product: SENIOR,
      grams: 1550,
      energyFeeds: 1,
    },
    // A 250 kg foal (× 1.95): 67.9 MJ, 36.8 from hay; foal pellets 12.7 MJ/kg → 2 456 g.
    { horse: 'foal of 250 kg', in: { horseType: 'foal', weightKg: 250 }, product: FOAL, grams: 2450, energyFeeds: 1 },
    // Light work on grass (10 MJ per kg DM, 20 % dry matter): 100.3 MJ needed, 105 from grass; nothing to add.
    {
      horse: 'horse in light work on grass',
      in: { workHoursPerWeek: 2, roughageType: 'grass' },
      product: MINERALS,
      grams: 100,
      energyFeeds: 0,
    },
    // The same on silage (9.6 MJ): 100.8 MJ from it; leisure muesli covers the 0 MJ left: none.
    {
      horse: 'horse in light work on silage',
      in: { workHoursPerWeek: 2, roughageType: 'silage' },
      product: MINERALS,
      grams: 100,
      energyFeeds: 0,
    },
    // On hay instead (88.2 MJ): 12.1 MJ short; leisure muesli 11 MJ/kg → 1 101 g (senior muesli suits too).
    {
      horse: 'horse in light work on hay',
      in: { workHoursPerWeek: 2 },
      product: LEISURE,
      grams: 1100,
      energyFeeds: 2,
    },
  ])('advises the $horse', ({ in: given, product, grams, energyFeeds }) => {
    const result = advised(calculateFeed(inputs(given), PRODUCTS))
    expect(gramsOf(result, product.productId)).toBe(grams)
    expect(result.energyFeeds).toHaveLength(energyFeeds)
  })

  it('gives the needs it worked from in MJ DE', () => {
    expect(energyNeedMj(inputs({}))).toBeCloseTo(83.6, 1)
    const result = advised(calculateFeed(inputs({ workHoursPerWeek: 4 }), PRODUCTS))
    expect(result.needMj).toBeCloseTo(117.0, 1)
    expect(result.roughageMj).toBeCloseTo(88.2, 1)
    expect(result.roughageKgPerDay).toBeCloseTo(12.2, 1)
  })

  it('uses a measured roughage instead of the typical one', () => {
    const poor = calculateFeed(
      inputs({ workHoursPerWeek: 4, roughage: { dryMatterPercentage: 88, deMjPerKgDm: 7 } }),
      PRODUCTS,
    )
    // 117.0 − 10.5 × 7 = 43.5 MJ short: 3 295 g.
    expect(gramsOf(poor, SPORT.productId)).toBe(3300)
    expect(advised(poor).roughageKgPerDay).toBeCloseTo(11.9, 1)
  })

  it('gives scoops to a quarter, feedings, portions and days per package', () => {
    const sport = advised(calculateFeed(inputs({ workHoursPerWeek: 4 }), PRODUCTS)).energyFeeds[0]!
    expect(sport).toMatchObject({ gramsPerDay: 2200, gramsPerFeeding: 733, scoopsPerDay: 3.75 })
    expect(sport.packages).toEqual([
      { productVariantId: 101, package: 'bag', weightGrams: 20000, portions: 27, days: 9 },
      { productVariantId: 102, package: 'bag', weightGrams: 500000, portions: 681, days: 227 },
    ])
  })

  it.each([
    { reason: 'weightOutOfRange', in: { horseType: 'pony' as const, weightKg: 600 } },
    { reason: 'weightOutOfRange', in: { weightKg: 200 } },
    { reason: 'workOutOfRange', in: { horseType: 'foal' as const, weightKg: 250, workHoursPerWeek: 1 } },
    { reason: 'workOutOfRange', in: { workHoursPerWeek: 40 } },
  ])('cannot determine advice: $reason for $in', ({ reason, in: given }) => {
    expect(calculateFeed(inputs(given), PRODUCTS)).toEqual({ ok: false, reason })
  })

  it('cannot determine advice from inputs that do not parse', () => {
    expect(calculateFeed({ ...inputs({}), weightKg: Number.NaN }, PRODUCTS)).toEqual({
      ok: false,
      reason: 'invalidInputs',
    })
  })

  it('cannot determine advice when nothing the site sells suits the horse', () => {
    expect(calculateFeed(inputs({ workHoursPerWeek: 4 }), [LEISURE, TREATS])).toEqual({
      ok: false,
      reason: 'noSuitableFeed',
    })
  })

  it('leaves out a feed that would need more than 0.4 kg per 100 kg a feeding', () => {
    // A foal on poor hay: 67.9 − 4.375 × 5 = 46.0 MJ short; 3 620 g of foal pellets is over 3 × 1 000 g.
    const result = advised(
      calculateFeed(
        inputs({ horseType: 'foal', weightKg: 250, roughage: { dryMatterPercentage: 85, deMjPerKgDm: 5 } }),
        [FOAL, MINERALS],
      ),
    )
    expect(result.energyFeeds).toEqual([])
    expect(result.overLimit).toEqual([FOAL.productId])
  })

  it('leaves out what is not available', () => {
    const soon = { ...SPORT, state: 'comingSoon' as const }
    expect(advised(calculateFeed(inputs({ workHoursPerWeek: 4 }), [soon, MINERALS])).energyFeeds).toEqual([])
  })

  it('offers the silo above 1000 kg a month or from the language’s number of horses', () => {
    const offer = (horses: number, region: string | null) =>
      advised(calculateFeed(inputs({ workHoursPerWeek: 4, horses }), PRODUCTS, region)).energyFeeds[0]!.siloOffer
    // 2.2 kg × 30 days: 66 kg a horse a month.
    expect(offer(1, 'nl')).toBe(false)
    expect(offer(12, 'nl')).toBe(false)
    expect(offer(12, 'de-AT')).toBe(true)
    expect(offer(15, 'nl')).toBe(true)
    expect(siloMinHorses(null)).toBe(15)
    // A hard-working stable of 14 on hay: 14 × 4.35 kg × 30 = 1 827 kg.
    const heavy = advised(
      calculateFeed(inputs({ workHoursPerWeek: 8, energyLevel: 'high', horses: 14 }), PRODUCTS, 'nl'),
    ).energyFeeds[0]!
    expect(heavy.kgPerMonth).toBeGreaterThan(1000)
    expect(heavy.siloOffer).toBe(true)
  })

  it.each([
    [0, 'none'],
    [2, 'light'],
    [3, 'light'],
    [4.5, 'average'],
    [5, 'average'],
    [5.5, 'heavy'],
  ] as const)('calls %d hours of work a week %s', (hours, labour) => {
    expect(labourOf(hours)).toBe(labour)
  })
})

describe('the feed calculator, for any horse', () => {
  const horseType = fc.constantFrom<FeedCalculatorInputs['horseType']>(
    'horse',
    'pony',
    'sportHorse',
    'senior',
    'broodmare',
    'foal',
  )
  const base = fc.record({
    horseType,
    roughageType: fc.constantFrom<FeedCalculatorInputs['roughageType']>('hay', 'haylage', 'silage', 'grass'),
    energyLevel: fc.constantFrom<FeedCalculatorInputs['energyLevel']>('low', 'medium', 'high'),
    workHoursPerWeek: fc.integer({ min: 0, max: 3 }),
  })
  const weightsOf = (type: keyof typeof WEIGHT_RANGE_KG) => {
    const [min, max] = WEIGHT_RANGE_KG[type]
    return fc
      .tuple(fc.integer({ min, max }), fc.integer({ min, max }))
      .map(([a, b]) => [Math.min(a, b), Math.max(a, b)])
  }
  // Both are advised or both refused (the same type and work): a refused one counts as no need.
  const needOf = (r: FeedCalculation) => (r.ok ? r.needMj : 0)
  const sameProducts = (a: FeedCalculation, b: FeedCalculation) => {
    if (!a.ok || !b.ok) return []
    const all = (r: typeof a) => [...r.energyFeeds, ...r.fixedFeeds]
    return all(a).flatMap((x) => all(b).flatMap((y) => (y.productId === x.productId ? [[x, y] as const] : [])))
  }

  it('never advises a negative or empty amount', () => {
    fc.assert(
      fc.property(base, fc.integer({ min: 50, max: 1000 }), (given, weightKg) => {
        const result = calculateFeed(inputs({ ...given, weightKg }), PRODUCTS)
        if (!result.ok) return
        expect(result.shortfallMj).toBeGreaterThanOrEqual(0)
        for (const advice of [...result.energyFeeds, ...result.fixedFeeds]) {
          expect(advice.gramsPerDay).toBeGreaterThan(0)
          expect(advice.scoopsPerDay).toBeGreaterThan(0)
          for (const p of advice.packages) expect(p.days).toBeGreaterThanOrEqual(0)
        }
      }),
    )
  })

  it('gives a heavier horse at least as much of the same feed', () => {
    fc.assert(
      fc.property(
        base.chain((given) => fc.tuple(fc.constant(given), weightsOf(given.horseType))),
        ([given, [light, heavy]]) => {
          const a = calculateFeed(inputs({ ...given, weightKg: light! }), PRODUCTS)
          const b = calculateFeed(inputs({ ...given, weightKg: heavy! }), PRODUCTS)
          for (const [x, y] of sameProducts(a, b)) expect(y.gramsPerDay).toBeGreaterThanOrEqual(x.gramsPerDay)
          expect(needOf(b)).toBeGreaterThanOrEqual(needOf(a))
        },
      ),
    )
  })

  it('gives a horse that works more at least as much of the same feed', () => {
    fc.assert(
      fc.property(base, fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 25 }), (given, h1, h2) => {
        const weightKg = 600
        const [less, more] = [Math.min(h1, h2), Math.max(h1, h2)]
        const horse = { ...given, horseType: 'horse' as const, weightKg }
        const a = calculateFeed(inputs({ ...horse, workHoursPerWeek: less }), PRODUCTS)
        const b = calculateFeed(inputs({ ...horse, workHoursPerWeek: more }), PRODUCTS)
        expect(needOf(b)).toBeGreaterThanOrEqual(needOf(a))
        for (const [x, y] of sameProducts(a, b)) expect(y.gramsPerDay).toBeGreaterThanOrEqual(x.gramsPerDay)
      }),
    )
  })
})
