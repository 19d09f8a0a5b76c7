import { lazy, Suspense } from 'react'
import type { ContentBlock, Faq } from '../../domain/content.ts'
import type { Site } from '../../domain/site.ts'
import { loadCatalogueView, loadedCatalogueView } from '../catalogue/load-view.ts'
import { CustomerService } from '../frame/footer.tsx'
import { AppLink, LinkList } from '../ui/app-link.tsx'
import { FaqList } from './faq-list.tsx'
import type { ProductOffers } from './product-offer.tsx'

const LazyProductOffer = lazy(() => loadCatalogueView().then((view) => ({ default: view.ProductOffer })))

/**
 * The ordered blocks of a content page. Text is plain: nothing from content is injected as markup. Offer blocks show
 * the products the page's loader found for them (`offers`).
 */
export function ContentBlocks({
  blocks,
  faqs,
  site,
  offers = {},
}: {
  blocks: ContentBlock[]
  faqs: Faq[]
  site: Site
  offers?: ProductOffers
}) {
  return (
    <>
      {blocks.map((block, index) => {
        const key = `${block.type}-${index}`
        switch (block.type) {
          case 'hero':
            return (
              <section key={key} className="block-hero">
                <h2>{block.title}</h2>
                {block.text && <p>{block.text}</p>}
                {block.link && <AppLink link={block.link} className="button" />}
              </section>
            )
          case 'text':
            return (
              <section key={key} className="block-text">
                {block.title && <h2>{block.title}</h2>}
                {block.paragraphs.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </section>
            )
          case 'linkList':
            return (
              <section key={key} className="block-links">
                <h2>{block.title}</h2>
                <LinkList links={block.links} />
              </section>
            )
          case 'callToAction':
            return (
              <section key={key} className="block-cta">
                <p>{block.text}</p>
                <AppLink link={block.link} className="button" />
              </section>
            )
          case 'productOffer': {
            // Loaded with the page's data (see load-view.ts), so it renders in place; lazily only if that failed.
            const ProductOffer = loadedCatalogueView()?.ProductOffer ?? LazyProductOffer
            return (
              <Suspense key={key}>
                <ProductOffer block={block} products={offers[block.productGroup] ?? []} />
              </Suspense>
            )
          }
          case 'customerService':
            return <CustomerService key={key} site={site} />
          case 'faq':
            return <FaqList key={key} faqs={faqs.filter((faq) => block.faqIds.includes(faq.faqId))} openItemId={null} />
        }
      })}
    </>
  )
}
