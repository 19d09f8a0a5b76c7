// The catalogue API beside search: autocomplete, products and variants by id, the offline catalogue's sync and
// with bad input at each (notify-me requests: src/server/stock-reminders/).
import { describe, expect, it } from 'vitest'
import { AutocompleteResponseSchema, CatalogueSyncSchema, ProductListSchema } from '../../domain/catalogue-api.ts'
import { FeedProductListSchema } from '../../domain/feed-products.ts'
import { calculateFeed, FeedCalculatorInputsSchema } from '../../domain/feed-calculator.ts'
import { CatalogueProductSchema } from '../../domain/product.ts'
import { RouteInfoSchema } from '../../domain/routing.ts'
import { LANG } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { setStock } from './catalogue.repository.ts'
import { DATETIME, type Site, NL, DE, BE_FR, useCatalogueApi } from './catalogue-test-setup.ts'

describe.each(DIALECTS)('catalogue API on %s', (dialect) => {
  const { current, get, searchAll, snapshot, productsOf, expectError } = useCatalogueApi(dialect)

  describe('GET /api/productsearch/autocomplete', () => {
    const autocomplete = async (term: string, site: Site = NL) => {
      const res = await get(`/api/productsearch/autocomplete?term=${encodeURIComponent(term)}`, site)
      expect(res.statusCode, res.body).toBe(200)
      return AutocompleteResponseSchema.parse(res.json())
    }

    it('suggests pony products for the prefix "pon"', async () => {
      const products = await productsOf()
      const answer = await autocomplete('pon')
      expect(answer.term).toBe('pon')
      expect(answer.products.length).toBeGreaterThan(0)
      expect(answer.products.length).toBeLessThanOrEqual(6)
      expect(answer.products.map((p) => p.name)).toContain('Pony Muesli')
      const forPonies = new Set(products.filter((p) => p.facets.horseType?.includes('pony')).map((p) => p.productId))
      for (const product of answer.products) expect(forPonies.has(product.productId), product.name).toBe(true)
      // The total is what the search page would find for the same words.
      expect(answer.totalCount).toBe((await searchAll({ searchTerm: 'pon' })).totalCount)
    })

    it.each([
      ['Dutch', NL, 'snoep', ['treats']],
      ['Dutch', NL, 'Supp', ['supplements']],
      ['Dutch', NL, 'ruw', ['roughage-supplement', 'roughage-analysis']],
      ['German', DE, 'lecker', ['treats']],
      ['French', BE_FR, 'grant', []],
      ['French', BE_FR, 'granu', ['pellets']],
    ])('in %s suggests for "%s" the groups %j', async (_, site, term, groups) => {
      const labels = (await snapshot(site)).labels!
      const answer = await autocomplete(term, site)
      expect(answer.groups.map((g) => g.key)).toEqual(groups)
      for (const group of answer.groups) {
        const label = labels.productGroups.find((g) => g.key === group.key)!
        expect(group).toEqual({ key: label.key, name: label.name, path: label.path })
      }
    })

    it.each(['', '   '])('answers the empty term %j with nothing', async (term) => {
      expect(await autocomplete(term)).toEqual({ term, products: [], groups: [], totalCount: 0 })
    })

    it('refuses a term of more than 100 characters and a missing term with 400', async () => {
      await autocomplete('a'.repeat(100))
      expectError(await get(`/api/productsearch/autocomplete?term=${'a'.repeat(101)}`), 400, 'invalidParameter')
      expectError(await get('/api/productsearch/autocomplete'), 400, 'parameterRequired')
    })
  })

  describe('GET /api/products/:id, /api/productvariants/:id and /api/products?ids=', () => {
    it('answers a product by id in the site’s language', async () => {
      const nl = CatalogueProductSchema.parse((await get('/api/products/1')).json())
      const de = CatalogueProductSchema.parse((await get('/api/products/1', DE)).json())
      expect([nl.name, de.name]).toEqual(['Sport Muesli', 'Sport-Müsli'])
      expect(nl.variants.map((v) => v.productVariantId)).toEqual([101, 102, 103])
    })

    it('answers the product of a variant', async () => {
      const res = await get('/api/productvariants/4002')
      expect(res.statusCode).toBe(200)
      const product = CatalogueProductSchema.parse(res.json())
      expect(product).toMatchObject({ productId: 40, key: 'hay-net', state: 'notYetAvailable' })
      expect(product.variants.map((v) => v.productVariantId)).toEqual([4001, 4002, 4003])
    })

    it('answers the products of a list that the site sells, in the list’s order', async () => {
      const res = await get('/api/products?ids=2,41,1,2')
      expect(res.statusCode).toBe(200)
      expect(ProductListSchema.parse(res.json()).map((p) => p.productId)).toEqual([2, 1])
    })

    it('answers a product sold only on the Mühldorfer site there, and 404 elsewhere', async () => {
      expect(CatalogueProductSchema.parse((await get('/api/products/27', DE)).json()).state).toBe('notYetAvailable')
      expectError(await get('/api/products/27'), 404, 'notFound')
    })

    it.each([
      ['a Paddock Pure product on the Equivera site', '/api/products/41'],
      ['a Paddock Pure variant on the Equivera site', '/api/productvariants/4101'],
      ['a product id no product has', '/api/products/61'],
      ['a variant id no variant has', '/api/productvariants/104'],
    ])('answers %s with 404', async (_, url) => {
      expectError(await get(url), 404, 'notFound')
    })

    it('answers a Paddock Pure product on the Paddock Pure site', async () => {
      const res = await get('/api/products/41', { host: 'paddockpure-nl.localhost' })
      expect(CatalogueProductSchema.parse(res.json()).brand).toBe('Paddock Pure')
    })

    it.each([
      ['/api/products/abc', 'invalidParameter'],
      ['/api/products/0', 'invalidParameter'],
      ['/api/products/-1', 'invalidParameter'],
      ['/api/products/1.5', 'invalidParameter'],
      ['/api/products/99999999999', 'invalidParameter'],
      ['/api/productvariants/x', 'invalidParameter'],
      ['/api/products?ids=a', 'invalidParameter'],
      ['/api/products?ids=1,,2', 'invalidParameter'],
      ['/api/products?ids=1,2,', 'invalidParameter'],
      ['/api/products?ids=-1', 'invalidParameter'],
      [`/api/products?ids=${Array.from({ length: 25 }, (_, i) => i + 1).join(',')}`, 'invalidParameter'],
      ['/api/products?ids=', 'parameterRequired'],
      ['/api/products', 'parameterRequired'],
    ])('refuses %s with 400 %s', async (url, code) => {
      expectError(await get(url), 400, code)
    })

    it('refuses an id of 0 in a list with 400', async () => {
      // (Its code says the parameter is missing rather than malformed: the error handler reads the raw value at the
      // issue's path, 'ids.0', inside the unsplit string.)
      const body = expectError(await get('/api/products?ids=1,0'), 400, 'parameterRequired')
      expect(body.message).toContain("'ids")
    })
  })

  describe('GET /api/feedproducts', () => {
    it('lists the feeds the calculator doses, as the site sells them, in its language', async () => {
      const res = await get('/api/feedproducts', DE)
      expect(res.statusCode, res.body).toBe(200)
      const feeds = FeedProductListSchema.parse(res.json())
      const products = await productsOf(DE)
      const dosed = products.filter((p) => p.feeding !== null)
      expect(feeds.map((f) => f.productId)).toEqual(dosed.map((p) => p.productId))
      // Muesli and pellets by energy, minerals at a set amount; treats and care products not at all.
      expect(new Set(feeds.map((f) => f.feeding.basis))).toEqual(new Set(['energy', 'fixed']))
      expect(feeds.some((f) => f.productGroup === 'treats' || f.productGroup === 'care')).toBe(false)
      for (const feed of feeds) {
        const product = products.find((p) => p.productId === feed.productId)!
        expect(feed).toMatchObject({ name: product.name, path: product.path, variants: product.variants })
      }
    })

    it('gives the calculator what it needs to advise a horse in average work', async () => {
      const feeds = FeedProductListSchema.parse((await get('/api/feedproducts')).json())
      const inputs = FeedCalculatorInputsSchema.parse({
        horseType: 'horse',
        roughageType: 'hay',
        weightKg: 600,
        workHoursPerWeek: 4,
        energyLevel: 'medium',
      })
      const advice = calculateFeed(inputs, feeds, 'nl')
      expect(advice.ok).toBe(true)
      if (!advice.ok) return
      expect(advice.energyFeeds.length).toBeGreaterThan(1)
      expect(advice.fixedFeeds.length).toBeGreaterThan(0)
    })
  })

  describe('GET /api/catalogue/sync', () => {
    it('answers since=0 with the whole catalogue of the site and its labels, never to be cached', async () => {
      const res = await get('/api/catalogue/sync?since=0')
      expect(res.statusCode).toBe(200)
      expect(res.headers['cache-control']).toBe('no-store')
      const sync = CatalogueSyncSchema.parse(res.json())
      expect(sync).toMatchObject({ siteId: 1, languageId: LANG.nl, full: true, removed: [] })
      expect(sync.version).toBeGreaterThan(0)
      expect(sync.labels?.landingPages.map((p) => p.landingPageId)).toEqual([1, 2])
      // Each product group shows the pack of one of its products (the home page's tiles).
      for (const group of sync.labels!.productGroups) {
        const pictured = sync.products.find((p) => p.image.name === group.image)
        expect(pictured?.productGroup, group.key).toBe(group.key)
      }
      // The Dutch site sells the main brand: not Paddock Pure, not what only Mühldorfer sells.
      const productIds = sync.products.map((p) => p.productId)
      expect(productIds).toContain(40)
      expect(productIds).not.toContain(27)
      expect(productIds).not.toContain(41)
      expect(sync.products.every((p) => p.brand === 'Equivera')).toBe(true)
    })

    it('gives every product and variant a path that routing resolves to it', async () => {
      const { products } = await snapshot()
      const resolve = async (path: string) => {
        const res = await get(`/api/routing/getbyurl?url=${encodeURIComponent(path)}`)
        expect(res.statusCode, `${path}: ${res.body}`).toBe(200)
        return RouteInfoSchema.parse(res.json())
      }
      for (const product of products) {
        const first = product.variants[0]!.productVariantId
        const isBundle = product.productType === 6
        expect(await resolve(product.path)).toMatchObject(
          isBundle
            ? { kind: 'productBundle', productVariantBundleId: first, path: product.path }
            : { kind: 'productVariant', productVariantId: first, path: product.path },
        )
        // A variant has a page of its own; a bundle's variant is on the bundle's page.
        for (const variant of product.variants) {
          expect(await resolve(variant.path)).toMatchObject(
            isBundle
              ? { kind: 'productBundle', productVariantBundleId: variant.productVariantId }
              : { kind: 'productVariant', productVariantId: variant.productVariantId },
          )
        }
      }
    })

    it('answers since=the current version with an empty delta', async () => {
      const { version } = await snapshot()
      const res = await get(`/api/catalogue/sync?since=${version}`)
      expect(res.headers['cache-control']).toBe('no-store')
      expect(CatalogueSyncSchema.parse(res.json())).toMatchObject({
        version,
        full: false,
        products: [],
        removed: [],
        labels: null,
      })
    })

    it('answers since=an older version with exactly the product whose stock changed', async () => {
      const { version: before, products } = await snapshot()
      const stockBefore = products.find((p) => p.productId === 32)!.variants[1]!.stock
      const changed = await setStock(current().database.handle.db, 3202, stockBefore + 5, new Date(DATETIME))
      await current().app.context.catalogue.refresh()
      expect(changed).toBe(before + 1)

      const delta = CatalogueSyncSchema.parse((await get(`/api/catalogue/sync?since=${before}`)).json())
      expect(delta).toMatchObject({ version: before + 1, full: false, removed: [], labels: null })
      expect(delta.products.map((p) => p.productId)).toEqual([32])
      expect(delta.products[0]!.variants.map((v) => [v.productVariantId, v.stock])).toEqual([
        [3201, products.find((p) => p.productId === 32)!.variants[0]!.stock],
        [3202, stockBefore + 5],
      ])
      expect(delta.products[0]!.version).toBe(before + 1)
    })

    it('answers a version above the server’s with the whole catalogue', async () => {
      const { version, products } = await snapshot()
      const sync = CatalogueSyncSchema.parse((await get(`/api/catalogue/sync?since=${version + 1000}`)).json())
      expect(sync).toMatchObject({ version, full: true, removed: [] })
      expect(sync.products).toHaveLength(products.length)
      expect(sync.labels).not.toBeNull()
    })

    it.each(['-1', '1.5', 'abc', '1e400', String(2 ** 53)])('refuses since=%s with 400', async (since) => {
      expectError(await get(`/api/catalogue/sync?since=${since}`), 400, 'invalidParameter')
    })
  })
})
