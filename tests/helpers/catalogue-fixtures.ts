// Small catalogue fixtures for unit tests of the domain, the offline catalogue and the pages: valid
// CatalogueProducts, labels and sync answers, with overrides where a test needs something particular. Pure data:
// no IndexedDB, no Dexie (those are in indexed-db.ts).
import type { CatalogueSync } from '../../src/domain/catalogue-api.ts'
import type { CatalogueLabels, CatalogueProduct, ProductVariant } from '../../src/domain/product.ts'

export function variant(id: number, overrides: Partial<ProductVariant> = {}): ProductVariant {
  return {
    productVariantId: id,
    articleNumber: `EQ-${id}`,
    ean: null,
    package: 'bag',
    weightGrams: 20000,
    contentMillilitres: null,
    colour: null,
    dimensions: null,
    quantityPerPallet: 50,
    price: 2995,
    originalPrice: null,
    unitPrice: { unit: 'kilogram', cents: 150 },
    stock: 20,
    path: `/muesli/product-${Math.floor(id / 100)}/eq-${id}/`,
    ...overrides,
  }
}

export function product(id: number, overrides: Partial<CatalogueProduct> = {}): CatalogueProduct {
  return {
    productId: id,
    key: `product-${id}`,
    productType: 2,
    name: `Product ${id}`,
    shortDescription: 'Muesli voor paarden',
    description: ['Een goede muesli.'],
    usage: ['Twee keer per dag.'],
    seoTitle: `Product ${id}`,
    seoDescription: 'Muesli',
    path: `/muesli/product-${id}/`,
    brand: 'Equivera',
    productGroup: 'muesli',
    facets: { horseType: ['horse'] },
    vatType: 'low',
    createdAt: '2024-01-01',
    state: 'available',
    shelfLifeMonths: 6,
    nutrition: null,
    feeding: null,
    videos: [],
    image: { name: `product-${id}-00000000`, views: ['front', 'detail', 'scene'] },
    related: [],
    bundleItems: null,
    rating: null,
    reviews: [],
    currency: 'EUR',
    variants: [variant(id * 100 + 1, { path: `/muesli/product-${id}/` })],
    version: 1,
    ...overrides,
  }
}

export const LABELS: CatalogueLabels = {
  productGroups: [{ key: 'muesli', name: 'Muesli', description: 'Muesli’s', path: '/muesli/', image: null }],
  facetValues: { horseType: { horse: 'Paard', pony: 'Pony' }, productGroup: { muesli: 'Muesli' } },
  landingPages: [],
  searchPath: '/zoeken/',
}

export function syncOf(overrides: Partial<CatalogueSync>): CatalogueSync {
  return {
    siteId: 1,
    languageId: 12,
    version: 1,
    full: true,
    asOf: '2026-11-24T10:00:00.000Z',
    products: [],
    removed: [],
    labels: LABELS,
    ...overrides,
  }
}
