import { describe, expect, it } from 'vitest'
import { ContentBlocksSchema } from '../../../domain/content.ts'
import { buildSeed } from './build.ts'

// The hay-analysis page leads to ordering: on every site that sells the scans, in every language, its offer block
// names the scans' product group and links to that group's category page on the same site and language.

const rows = buildSeed()
const shops = rows.sites.filter((site) => site.type !== 2)
const rqsPages = rows.contentPages.filter((page) => page.key === 'rqs')

describe('the hay-analysis page of each shop', () => {
  const texts = rqsPages.flatMap((page) => {
    const site = shops.find((s) => s.id === page.siteId)
    if (!site) return []
    return rows.contentPageTexts
      .filter((text) => text.contentPageId === page.id)
      .map((text) => ({ site: site.key!, siteId: site.id!, languageId: text.languageId!, blocks: text.blocks! }))
  })

  it('exists in every language of every shop', () => {
    const languages = rows.siteLanguages.filter((l) => shops.some((s) => s.id === l.siteId))
    expect(texts).toHaveLength(languages.length)
  })

  it.each(texts)('$site ($languageId) offers the scans and links to their category', (page) => {
    const offers = ContentBlocksSchema.parse(JSON.parse(page.blocks)).filter((b) => b.type === 'productOffer')
    expect(offers).toHaveLength(1)
    const [offer] = offers
    const route = rows.urls.find((url) => url.siteId === page.siteId && url.path === offer!.link.route)
    expect(route, offer!.link.route).toMatchObject({ languageId: page.languageId, kind: 'productSearch' })
    expect(JSON.parse(route!.target!)).toEqual({
      kind: 'productSearch',
      searchType: 'category',
      parameters: { productGroup: offer!.productGroup },
    })
  })
})
