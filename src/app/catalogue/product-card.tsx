import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { ProductSummary } from '../../domain/catalogue-api.ts'
import { impressions, itemOfSummary, trackSelectItem, type ItemList } from '../tracking/ecommerce.ts'
import { CompareButton } from './compare-button.tsx'
import { PriceWithOld } from '../ui/price.tsx'
import { StateBadges } from './badges.tsx'
import { Stars } from './stars.tsx'
import { UnitPrice } from './unit-price.tsx'
import { ProductImage } from './product-image.tsx'

/** Counts an impression once the element has been at least half in view (view_item_list, batched). */
function useImpression(list: ItemList | null, summary: ProductSummary, index: number) {
  const ref = useRef<HTMLElement>(null)
  useEffect(() => {
    const element = ref.current
    if (!list || !element) return
    const item = itemOfSummary(summary, list, index)
    if (typeof IntersectionObserver === 'undefined') {
      impressions.add(list, item)
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          impressions.add(list, item)
          observer.disconnect()
        }
      },
      { threshold: 0.5 },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [list, summary, index])
  return ref
}

export function ProductCard({
  summary,
  list,
  index,
  headingLevel = 2,
  eager = false,
}: {
  summary: ProductSummary
  list: ItemList | null
  index: number
  headingLevel?: 2 | 3
  /** In the first screen: its picture is fetched at once (see ProductImage). */
  eager?: boolean
}) {
  const { t } = useTranslation()
  const ref = useImpression(list, summary, index)
  const Heading = `h${headingLevel}` as const
  const select = () => list && trackSelectItem(itemOfSummary(summary, list, index))
  return (
    <article className="product-card" ref={ref} data-product-id={summary.productId}>
      <Link to={summary.path} className="product-card__link" onClick={select}>
        <ProductImage
          name={summary.image}
          alt=""
          sizes="(min-width: 1088px) 16rem, (min-width: 768px) 30vw, 45vw"
          eager={eager}
        />
        <Heading className="product-card__name">{summary.name}</Heading>
      </Link>
      <StateBadges state={summary.state} isNew={summary.isNew} onSale={summary.onSale} />
      {summary.rating && <Stars rating={summary.rating} />}
      <p className="product-card__price">
        {summary.variantCount > 1 && <span className="product-card__from">{t('catalogue.card.from')} </span>}
        <PriceWithOld cents={summary.price} originalCents={summary.originalPrice} currency={summary.currency} />
      </p>
      <UnitPrice unitPrice={summary.unitPrice} currency={summary.currency} />
      {!summary.inStock && summary.state === 'available' && (
        <p className="product-card__stock">{t('catalogue.stock.soldOut')}</p>
      )}
      <CompareButton productId={summary.productId} name={summary.name} />
    </article>
  )
}
