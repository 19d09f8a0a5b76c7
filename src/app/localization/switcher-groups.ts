import type { Brand } from '../../domain/locale.ts'
import type { SwitcherOption } from '../root/root.data.ts'

export interface BrandGroup {
  brand: Brand
  brandName: string
  options: SwitcherOption[]
}

/**
 * The switcher's options by brand: several brands sell in one country (Denmark, Germany, the Netherlands), so a
 * country and language alone do not say which shop a link opens. The visitor's own brand comes first, then the others
 * by name; within a brand the options keep their order.
 */
export function brandGroups(options: SwitcherOption[]): BrandGroup[] {
  const groups = new Map<Brand, BrandGroup>()
  for (const option of options) {
    const group = groups.get(option.brand) ?? { brand: option.brand, brandName: option.brandName, options: [] }
    group.options.push(option)
    groups.set(option.brand, group)
  }
  const own = options.find((option) => option.current)?.brand
  return [...groups.values()].toSorted(
    (a, b) => Number(b.brand === own) - Number(a.brand === own) || a.brandName.localeCompare(b.brandName),
  )
}
