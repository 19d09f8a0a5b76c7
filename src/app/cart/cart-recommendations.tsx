import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ProductSummary } from '../../domain/catalogue-api.ts'
import { ProductCard } from '../catalogue/product-card.tsx'
import { useServices } from '../services.tsx'

/** Products that go with the cart (the server's choice; none offline). */
export function Recommendations({ cartId }: { cartId: string | null }) {
  const { t } = useTranslation()
  const { api } = useServices()
  const [products, setProducts] = useState<ProductSummary[]>([])
  useEffect(() => {
    if (!cartId) return
    const controller = new AbortController()
    api
      .cartRecommendations(cartId, controller.signal)
      .then(setProducts)
      .catch(() => undefined)
    return () => controller.abort()
  }, [api, cartId])
  if (products.length === 0) return null
  const list = { id: 'cart:recommendations', name: t('cart.recommendations') }
  return (
    <section className="product-section" aria-labelledby="recommendations-heading">
      <h2 id="recommendations-heading">{t('cart.recommendations')}</h2>
      <ul className="product-grid product-grid--related">
        {products.map((summary, index) => (
          <li key={summary.productId}>
            <ProductCard summary={summary} list={list} index={index} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  )
}
