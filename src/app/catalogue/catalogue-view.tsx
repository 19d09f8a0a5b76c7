// The catalogue's pages, as one module the dynamic route loads on demand (see dynamic.route.tsx).
import type { CatalogueData } from './catalogue.data.ts'
import { ProductListPage } from './product-list-page.tsx'
import { ProductPage } from './product-page.tsx'

// A content page's product offer loads with this module (see content/product-offer.tsx).
export { loadProductOffers, ProductOffer } from '../content/product-offer.tsx'

export default function CatalogueView({ data }: { data: CatalogueData }) {
  return data.kind === 'product' ? <ProductPage data={data} /> : <ProductListPage data={data} />
}
