// The product lists, as one module the dynamic route loads on demand (see load-view.ts and dynamic.route.tsx).
import type { ProductListData } from './catalogue.data.ts'
import { ProductListPage } from './product-list-page.tsx'

// A content page's product offer loads with this module (see content/product-offer.tsx).
export { loadProductOffers, ProductOffer } from '../content/product-offer.tsx'

export default function CatalogueView({ data }: { data: ProductListData }) {
  return <ProductListPage data={data} />
}
