import { describe, expect, it, vi } from 'vitest'
import type { Brand } from '../../domain/locale.ts'
import type { SwitcherOption } from '../root/root.data.ts'
import { brandGroups } from './switcher-groups.ts'

const NAMES: Record<Brand, string> = {
  equivera: 'Equivera',
  muehldorfer: 'Mühldorfer',
  paddockpure: 'Paddock Pure',
  corporate: 'Equivera Group',
}
const option = (siteId: number, country: string, brand: Brand, current = false): SwitcherOption => ({
  siteId,
  languageId: 1,
  label: { country, language: 'x' },
  hreflang: 'x',
  href: `https://site-${siteId}/`,
  brand,
  brandName: NAMES[brand],
  isDutchSite: false,
  current,
})

describe('brandGroups', () => {
  const options = [
    option(5, 'Denemarken', 'equivera'),
    option(17, 'Denemarken', 'paddockpure'),
    option(3, 'Duitsland', 'muehldorfer'),
    option(16, 'Duitsland', 'paddockpure'),
    option(1, 'Nederland', 'equivera'),
    option(15, 'Nederland', 'paddockpure'),
  ]

  it('puts each site under its brand, so one country of two brands is told apart', () => {
    const groups = brandGroups(options)
    expect(groups.map((g) => [g.brandName, g.options.map((o) => `${o.siteId} ${o.label.country}`)])).toEqual([
      ['Equivera', ['5 Denemarken', '1 Nederland']],
      ['Paddock Pure', ['17 Denemarken', '16 Duitsland', '15 Nederland']],
      ['Mühldorfer', ['3 Duitsland']],
    ])
  })

  it('keeps the order the options come in (switcherOptions sorts them), comparing nothing', () => {
    const spy = vi.spyOn(String.prototype, 'localeCompare')
    const ownFirst = [options[5]!, options[1]!, options[3]!, options[0]!, options[4]!, options[2]!]
    expect(brandGroups(ownFirst).map((g) => [g.brandName, g.options.map((o) => o.siteId)])).toEqual([
      ['Paddock Pure', [15, 17, 16]],
      ['Equivera', [5, 1]],
      ['Mühldorfer', [3]],
    ])
    expect(spy).not.toHaveBeenCalled()
    spy.mockRestore()
  })

  it('has no groups without options', () => {
    expect(brandGroups([])).toEqual([])
  })
})
