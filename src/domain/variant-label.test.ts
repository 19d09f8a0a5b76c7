import { describe, expect, it } from 'vitest'
import nl from '../../locales/nl.json' with { type: 'json' }
import { variant } from '../../tests/helpers/catalogue-fixtures.ts'
import { variantChoiceLabels, variantLabel, type Translate } from './variant-label.ts'

const t: Translate = (key) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], nl) as string
const rug = (id: number, dimensions: string, colour = 'navy') =>
  variant(id, { package: 'piece', weightGrams: null, colour, dimensions })

describe('variant choice labels', () => {
  it('leave out the words every variant shares (a rug in one colour and six sizes)', () => {
    const sizes = ['115 cm', '125 cm', '135 cm']
    expect(
      variantChoiceLabels(
        t,
        sizes.map((size, i) => rug(i + 1, size)),
        'nl',
      ),
    ).toEqual(sizes)
  })

  it('keep every word that tells variants apart', () => {
    const bags = [
      variant(1, { package: 'bag', weightGrams: 20_000 }),
      variant(2, { package: 'bigBag', weightGrams: 500_000 }),
    ]
    expect(variantChoiceLabels(t, bags, 'nl')).toEqual(['Zak · 20 kg', 'Bigbag · 500 kg'])
    expect(variantChoiceLabels(t, [rug(1, '115 cm'), rug(2, '115 cm', 'red')], 'nl')).toEqual(['marineblauw', 'rood'])
  })

  it('keep the whole label for a single variant, or variants that differ in nothing', () => {
    expect(variantChoiceLabels(t, [rug(1, '115 cm')], 'nl')).toEqual([variantLabel(t, rug(1, '115 cm'), 'nl')])
    expect(variantChoiceLabels(t, [rug(1, '115 cm'), rug(2, '115 cm')], 'nl')).toEqual([
      'Stuk · marineblauw · 115 cm',
      'Stuk · marineblauw · 115 cm',
    ])
  })
})
