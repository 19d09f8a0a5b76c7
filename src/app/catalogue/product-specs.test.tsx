import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import en from '../../../locales/en.json' with { type: 'json' }
import nl from '../../../locales/nl.json' with { type: 'json' }
import { product, variant } from '../../../tests/helpers/catalogue-fixtures.ts'
import { renderInRoot } from '../../../tests/helpers/render-in-app.tsx'
import type { Nutrition } from '../../domain/catalogue.ts'
import { NutritionTable, Specifications } from './product-specs.tsx'

afterEach(cleanup)

// Sport Muesli's values in the seed.
const nutrition: Nutrition = {
  energyDe: 13.2,
  energyEwpa: 1,
  crudeProtein: 125,
  sugar: 70,
  dryMatter: 885,
  moisturePercentage: 11.5,
  germContent: 90_000,
  minerals: { calcium: 9 },
  traceElements: { selenium: 0.5 },
  vitamins: { vitaminA: 16_000, biotin: 0.6 },
  addedSubstancesPerKg: { lysine: 8 },
}
/** The value cell of a row, by the row's heading. */
const valueOf = (name: string) =>
  screen
    .getByRole('rowheader', { name })
    .closest('tr')!
    .querySelector('td')!
    .textContent!.replace(/\u00a0/g, ' ')

describe('the specifications', () => {
  it('do not list the stock (the availability notice tells it)', () => {
    const sold = product(1, { variants: [variant(101, { stock: 214 })] })
    renderInRoot(<Specifications product={sold} variant={sold.variants[0]!} />)
    const table = screen.getByRole('table')
    expect(within(table).getByRole('rowheader', { name: nl.catalogue.spec.articleNumber })).toBeTruthy()
    expect(table.textContent).not.toContain('214')
  })
})

describe('the nutrition table', () => {
  it('writes each value with its unit and the Dutch digit grouping', () => {
    renderInRoot(<NutritionTable nutrition={nutrition} />)
    expect(valueOf(nl.catalogue.nutrition.energyEwpa)).toBe('1,00 EWpa/kg')
    expect(valueOf(nl.catalogue.nutrition.energyDe)).toBe('13,2 MJ/kg')
    expect(valueOf(nl.catalogue.nutrition.germContent)).toBe('90.000 kve/g')
    expect(valueOf(nl.catalogue.nutrition.moisturePercentage)).toBe('11,5%')
    expect(valueOf(nl.catalogue.nutrient.vitaminA)).toBe('16.000 IE/kg')
    expect(valueOf(nl.catalogue.nutrient.biotin)).toBe('0,6 mg/kg')
    expect(valueOf(nl.catalogue.nutrient.calcium)).toBe('9 g/kg')
  })

  it('in English: English grouping and unit names', () => {
    renderInRoot(<NutritionTable nutrition={nutrition} />, { language: 'en', messages: en })
    expect(valueOf(en.catalogue.nutrition.germContent)).toBe('90,000 cfu/g')
    expect(valueOf(en.catalogue.nutrient.vitaminA)).toBe('16,000 IU/kg')
  })
})
