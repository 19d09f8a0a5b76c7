// The product page's tables: the specifications of the chosen variant, and the nutrition values.
import { useTranslation } from 'react-i18next'
import type { Nutrition } from '../../domain/catalogue.ts'
import {
  formatGroupNutrient,
  formatMainNutrient,
  mainNutrientsOf,
  NUTRIENT_GROUPS,
} from '../../domain/nutrition-format.ts'
import type { CatalogueProduct, ProductVariant } from '../../domain/product.ts'
import { DELIVERY_DAYS } from '../../domain/product-rules.ts'
import { amountOf } from '../../domain/variant-label.ts'
import { translateWith } from '../i18n/translate-with.ts'
import { useRootData } from '../root/use-root-data.ts'
import { UnitPrice } from './unit-price.tsx'
import { colourName } from './variant-text.ts'

export function Specifications({ product, variant }: { product: CatalogueProduct; variant: ProductVariant }) {
  const { t } = useTranslation()
  const { locale } = useRootData()
  const language = locale.language
  const rows: [string, React.ReactNode][] = [
    [t('catalogue.spec.articleNumber'), variant.articleNumber],
    [t('catalogue.spec.ean'), variant.ean],
    [t('catalogue.spec.brand'), product.brand],
    [t('catalogue.spec.packaging'), t(`catalogue.package.${variant.package}`)],
    [
      variant.contentMillilitres !== null ? t('catalogue.spec.content') : t('catalogue.spec.weight'),
      amountOf(variant, language),
    ],
    [t('catalogue.spec.colour'), variant.colour ? colourName(t, variant.colour) : null],
    [t('catalogue.spec.dimensions'), variant.dimensions],
    [
      t('catalogue.spec.quantityPerPallet'),
      variant.quantityPerPallet === null ? null : String(variant.quantityPerPallet),
    ],
    [
      t('catalogue.spec.shelfLife'),
      product.shelfLifeMonths === null ? null : t('catalogue.spec.months', { count: String(product.shelfLifeMonths) }),
    ],
    [
      t('catalogue.spec.deliveryTime'),
      t('catalogue.spec.days', { min: String(DELIVERY_DAYS.min), max: String(DELIVERY_DAYS.max) }),
    ],
    [
      t('catalogue.spec.unitPrice'),
      variant.unitPrice && variant.unitPrice.unit !== 'piece' ? (
        <UnitPrice unitPrice={variant.unitPrice} currency={product.currency} />
      ) : null,
    ],
  ]
  return (
    <table className="spec-table">
      <tbody>
        {rows
          .filter(([, value]) => value !== null && value !== '')
          .map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
      </tbody>
    </table>
  )
}

/** The main nutrition values (energy as DE and EWpa, protein, sugar, dry matter, moisture, germ content), then per group. */
export function NutritionTable({ nutrition }: { nutrition: Nutrition }) {
  const { t } = useTranslation()
  const { locale } = useRootData()
  const translate = translateWith(t)
  const main = mainNutrientsOf(nutrition).map(
    ([key, value]) =>
      [t(`catalogue.nutrition.${key}`), formatMainNutrient(key, value, locale.language, translate)] as const,
  )
  const groups = NUTRIENT_GROUPS.filter((group) => Object.keys(nutrition[group]).length > 0)
  const nutrientName = (key: string) => {
    const known = `catalogue.nutrient.${key}`
    return t(known as 'catalogue.nutrient.calcium', { defaultValue: key })
  }
  return (
    <table className="nutrition-table">
      <thead>
        <tr>
          <th scope="col">{t('catalogue.nutrition.name')}</th>
          <th scope="col">{t('catalogue.nutrition.value')}</th>
        </tr>
      </thead>
      <tbody>
        {main.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
      {groups.map((group) => (
        <tbody key={group}>
          <tr>
            <th scope="rowgroup" colSpan={2} className="nutrition-table__group">
              {t(`catalogue.nutrition.${group}`)}
            </th>
          </tr>
          {Object.entries(nutrition[group]).map(([key, value]) => (
            <tr key={key}>
              <th scope="row">{nutrientName(key)}</th>
              <td>{formatGroupNutrient(group, key, value, locale.language, translate)}</td>
            </tr>
          ))}
        </tbody>
      ))}
    </table>
  )
}
