import { beforeEach, describe, expect, it } from 'vitest'
import { freshDatabase } from '../../../tests/helpers/indexed-db.ts'
import type { ShopDatabase } from '../../browser/db.ts'
import { FEED_CALCULATOR_DEFAULTS } from '../../domain/feed-calculator-query.ts'
import { FeedCalculatorInputsSchema } from '../../domain/feed-calculator.ts'
import { deleteHorse, readHorses, readLastForm, saveHorse, saveLastForm } from './horses.ts'

const inputs = FeedCalculatorInputsSchema.parse({
  horseType: 'pony',
  roughageType: 'hay',
  weightKg: 300,
  workHoursPerWeek: 2,
  energyLevel: 'low',
})
const advice = { gramsPerDay: 500, scoopsPerDay: 1, portionsPerPackage: 90, daysPerPackage: 30, productName: 'Pony Muesli' }

describe('the feed calculator’s horses on the device', () => {
  let db: ShopDatabase
  beforeEach(() => {
    db = freshDatabase()
  })

  it('keeps several named horses per site, by name, and gives them back', async () => {
    await saveHorse({ siteId: 1, name: 'Storm', inputs, advice })
    await saveHorse({ siteId: 1, name: 'Bella', inputs: { ...inputs, weightKg: 320 }, advice: null })
    await saveHorse({ siteId: 2, name: 'Max', inputs, advice })
    const horses = await readHorses(1)
    expect(horses.map((h) => h.name)).toEqual(['Bella', 'Storm'])
    expect(horses[1]).toMatchObject({ siteId: 1, inputs, advice })
    expect((await readHorses(2)).map((h) => h.name)).toEqual(['Max'])
  })

  it('saves a horse of the same name again in its place', async () => {
    const first = await saveHorse({ siteId: 1, name: 'Storm', inputs, advice })
    const again = await saveHorse({ siteId: 1, name: ' storm ', inputs: { ...inputs, weightKg: 310 }, advice })
    expect(again!.id).toBe(first!.id)
    const horses = await readHorses(1)
    expect(horses).toHaveLength(1)
    expect(horses[0]!.inputs.weightKg).toBe(310)
  })

  it('refuses a nameless horse and forgets a deleted one', async () => {
    await expect(saveHorse({ siteId: 1, name: '  ', inputs, advice })).rejects.toThrow()
    const storm = await saveHorse({ siteId: 1, name: 'Storm', inputs, advice })
    await deleteHorse(storm!.id)
    expect(await readHorses(1)).toEqual([])
  })

  it('drops a stored horse that fails the check', async () => {
    await saveHorse({ siteId: 1, name: 'Storm', inputs, advice })
    await db.horses.put({ id: 'not-a-uuid', siteId: 1, name: 42, inputs: {}, advice: null, savedAt: 'now' })
    expect((await readHorses(1)).map((h) => h.name)).toEqual(['Storm'])
    expect(await db.horses.get('not-a-uuid')).toBeUndefined()
  })

  it('keeps the form as it was last left, per site', async () => {
    expect(await readLastForm(1)).toBeNull()
    await saveLastForm(1, { ...FEED_CALCULATOR_DEFAULTS, weight: '450' })
    expect(await readLastForm(1)).toEqual({ ...FEED_CALCULATOR_DEFAULTS, weight: '450' })
    expect(await readLastForm(2)).toBeNull()
    await db.calculatorLast.put({ siteId: 3, form: { weight: 7 } })
    expect(await readLastForm(3)).toBeNull()
  })
})
