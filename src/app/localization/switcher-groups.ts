import type { Brand } from '../../domain/locale.ts'
import type { SwitcherOption } from '../root/root.data.ts'

export interface BrandGroup {
  brand: Brand
  brandName: string
  options: SwitcherOption[]
}

/**
 * The switcher's options by brand: several brands sell in one country (Denmark, Germany, the Netherlands), so a
 * country and language alone do not say which shop a link opens. The options come in the switcher's order
 * (switcherOptions: the visitor's own brand first, then the others by name, each by country): the groups keep it.
 * Nothing is compared here: in the browser a first comparison of strings sets up ICU's collation during hydration.
 */
export function brandGroups(options: SwitcherOption[]): BrandGroup[] {
  const groups = new Map<Brand, BrandGroup>()
  for (const option of options) {
    const group = groups.get(option.brand) ?? { brand: option.brand, brandName: option.brandName, options: [] }
    group.options.push(option)
    groups.set(option.brand, group)
  }
  return [...groups.values()]
}
