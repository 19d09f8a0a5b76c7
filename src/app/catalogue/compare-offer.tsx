// What the comparison offers per product: the variant to buy (the cheapest until the shopper picks another), its
// price with its own sale badge, and add to cart for that variant.
import { useCallback, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CatalogueProduct, ProductVariant } from '../../domain/product.ts'
import { cheapestVariant, isOrderable, isReduced } from '../../domain/product-rules.ts'
import { AddToCart } from '../cart/add-to-cart.tsx'
import { useRootData } from '../root/use-root-data.ts'
import { PriceWithOld } from '../ui/price.tsx'
import { StateBadges } from './badges.tsx'
import { UnitPrice } from './unit-price.tsx'
import { variantChoiceLabels } from './variant-text.ts'

export function useChosenVariants() {
  const [chosen, setChosen] = useState<Record<number, number>>({})
  const variantOf = useCallback(
    (product: CatalogueProduct): ProductVariant =>
      product.variants.find((v) => v.productVariantId === chosen[product.productId]) ?? cheapestVariant(product),
    [chosen],
  )
  const choose = useCallback(
    (product: CatalogueProduct, productVariantId: number) =>
      setChosen((current) => ({ ...current, [product.productId]: productVariantId })),
    [],
  )
  return { variantOf, choose }
}

export function ComparePrice({
  product,
  variant,
  onChoose,
}: {
  product: CatalogueProduct
  variant: ProductVariant
  onChoose: (productVariantId: number) => void
}) {
  const { t } = useTranslation()
  const { locale } = useRootData()
  const id = useId()
  const labels = variantChoiceLabels(t, product.variants, locale.language)
  return (
    <div className="compare-offer">
      {product.variants.length > 1 && (
        <>
          <label htmlFor={id} className="visually-hidden">
            {t('catalogue.compare.variantOf', { name: product.name })}
          </label>
          <select
            id={id}
            value={variant.productVariantId}
            onChange={(event) => onChoose(Number(event.currentTarget.value))}
          >
            {product.variants.map((v, index) => (
              <option key={v.productVariantId} value={v.productVariantId}>
                {labels[index]}
              </option>
            ))}
          </select>
        </>
      )}
      {isReduced(variant) && <StateBadges state="available" isNew={false} onSale />}
      <span className="compare-offer__price">
        <PriceWithOld cents={variant.price} originalCents={variant.originalPrice} currency={product.currency} />
      </span>
      <UnitPrice unitPrice={variant.unitPrice} currency={product.currency} />
    </div>
  )
}

/** Add to cart for the chosen variant, or why it cannot be ordered. */
export function CompareOrder({ product, variant }: { product: CatalogueProduct; variant: ProductVariant }) {
  const { t } = useTranslation()
  if (isOrderable(product, variant)) return <AddToCart product={product} variant={variant} />
  return (
    <p className="availability__stock availability__stock--none">
      {product.state === 'available' ? t('catalogue.stock.soldOut') : t(`catalogue.badge.${product.state}`)}
    </p>
  )
}
