// A content page's offer (its productOffer blocks): the group's products with their prices, cheapest first, each to
// its product page, and the way to order. The products come from the server or, offline, from the device's catalogue,
// the same way the category page gets them; a page whose products cannot be had still shows, offering only its link.
// It travels with the catalogue's views (catalogue/catalogue-view.tsx): it shows catalogue products with their
// parts, and the first page of the shop, which offers none, does not carry it.
import { useTranslation } from 'react-i18next'
import type { ContentBlock } from '../../domain/content.ts'
import type { ProductSummary } from '../../domain/catalogue-api.ts'
import type { AppServices } from '../router-context.ts'
import { AppLink } from '../ui/app-link.tsx'
import { Price } from '../ui/price.tsx'

/** The products of each offered product group, by group key. */
export type ProductOffers = Record<string, ProductSummary[]>

type ProductOfferBlock = Extract<ContentBlock, { type: 'productOffer' }>

/** More than a block shows; a group's category page lists the rest. */
const OFFER_SIZE = 6

export async function loadProductOffers(
  services: AppServices,
  blocks: ContentBlock[],
  signal?: AbortSignal,
): Promise<ProductOffers> {
  const groups = [...new Set(blocks.flatMap((block) => (block.type === 'productOffer' ? [block.productGroup] : [])))]
  if (groups.length === 0) return {}
  const { searchProducts } = await import('../catalogue/catalogue-source.ts')
  const offers = await Promise.all(
    groups.map(async (group) => {
      const found = await searchProducts(
        services,
        {
          filter: {
            searchTerm: '',
            filters: [{ discriminator: 'multiSelect', facetKey: 'productGroup', selectedKeys: [group] }],
          },
          pageInfo: { page: 1, pageSize: OFFER_SIZE, descending: false, sort: 'price' },
          landingpageId: null,
          adviceCategoryId: null,
        },
        signal,
      ).catch(() => null)
      return [group, found?.value.results ?? []] as const
    }),
  )
  return Object.fromEntries(offers)
}

/** A content page's offer: the group's products with their prices, each to its product page, and the way to order. */
export function ProductOffer({ block, products }: { block: ProductOfferBlock; products: ProductSummary[] }) {
  const { t } = useTranslation()
  return (
    <section className="block-offer">
      <h2>{block.title}</h2>
      {block.text && <p>{block.text}</p>}
      {products.length > 0 && (
        <ul className="block-offer__products">
          {products.map((product) => (
            <li key={product.productId}>
              <AppLink link={{ title: product.name, route: product.path, target: '_self' }} />
              <span className="block-offer__price">
                {product.variantCount > 1 && `${t('catalogue.card.from')} `}
                <Price cents={product.price} currency={product.currency} />
              </span>
            </li>
          ))}
        </ul>
      )}
      <AppLink link={block.link} className="button" />
    </section>
  )
}
