import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { FEED_CALCULATOR_SLUGS, localPath } from '../../domain/catalogue-paths.ts'
import type { CatalogueProduct, ProductVariant } from '../../domain/product.ts'
import {
  DELIVERY_DAYS,
  hasSiloOffer,
  isNew,
  isReduced,
  LOW_STOCK_THRESHOLD,
  siloMinHorses,
  SILO_OFFER,
} from '../../domain/product-rules.ts'
import { IMAGE_VIEWS, type ImageView } from '../../domain/product-images.ts'
import { summaryOf, utcDay } from '../../domain/product-rules.ts'
import { PageHead } from '../content/page-head.tsx'
import { PageHeading } from '../navigation/page-heading.tsx'
import { useRootData } from '../root/use-root-data.ts'
import { trackViewItem } from '../tracking/ecommerce.ts'
import { AppLink } from '../ui/app-link.tsx'
import type { ProductPageData } from './catalogue.data.ts'
import { AddToCart } from '../cart/add-to-cart.tsx'
import { CompareButton } from './compare-button.tsx'
import { NotifyMeForm } from './notify-me.tsx'
import { useHydrated } from './use-hydrated.ts'
import { PriceWithOld } from '../ui/price.tsx'
import { StateBadges } from './badges.tsx'
import { FreshnessNote } from './freshness-note.tsx'
import { Stars } from './stars.tsx'
import { UnitPrice } from './unit-price.tsx'
import { ProductImage } from './product-image.tsx'
import { ProductCard } from './product-card.tsx'
import { productJsonLd, scriptJson } from './product-json-ld.ts'
import { ProductReviews } from './product-reviews.tsx'
import { NutritionTable, Specifications } from './product-specs.tsx'
import { variantChoiceLabels, variantLabel } from './variant-text.ts'

export function ProductPage({ data }: { data: ProductPageData }) {
  const { t } = useTranslation()
  const { origin, site, currency, locale, language } = useRootData()
  const { product } = data
  const variant = product.variants.find((v) => v.productVariantId === data.productVariantId) ?? product.variants[0]!
  const path = data.omitArticleCode ? product.path : variant.path
  const today = utcDay(new Date())

  useEffect(() => {
    trackViewItem(product, variant.productVariantId, currency)
  }, [product, variant.productVariantId, currency])

  return (
    <article className="product-page" data-hydrated={useHydrated() || undefined} data-product-id={product.productId}>
      <PageHead
        title={product.seoTitle || `${product.name} | ${site.brandName}`}
        description={product.seoDescription}
        path={path}
        alternates={data.alternates}
      />
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: scriptJson(productJsonLd(product, variant.productVariantId, origin, path)) }}
      />
      <FreshnessNote freshness={data.freshness} />
      {/* On a phone a compact picture beside the name, and variant, price and add to cart right under it: all in the
          first screen. From the tablet width the gallery stands beside the rest. */}
      <div className="product-page__top">
        <Gallery product={product} />
        <div className="product-page__intro">
          <p className="product-page__brand">{product.brand}</p>
          <PageHeading>{product.name}</PageHeading>
          <StateBadges state={product.state} isNew={isNew(product, today)} onSale={isReduced(variant)} />
          {product.rating && (
            <a href="#reviews" className="product-page__rating">
              <Stars rating={product.rating} />
            </a>
          )}
        </div>
        <div className="product-page__buy">
          <VariantChoice product={product} variant={variant} />
          <p className="product-page__price">
            <PriceWithOld cents={variant.price} originalCents={variant.originalPrice} currency={product.currency} />{' '}
            <UnitPrice unitPrice={variant.unitPrice} currency={product.currency} />
          </p>
          <Availability product={product} variant={variant} />
          <AddToCart product={product} variant={variant} />
          <CompareButton productId={product.productId} name={product.name} />
        </div>
        <div className="product-page__more">
          <p className="product-page__short">{product.shortDescription}</p>
          {hasSiloOffer(product) && <SiloOffer />}
        </div>
      </div>

      <section className="product-section" aria-labelledby="description-heading">
        <h2 id="description-heading">{t('catalogue.product.description')}</h2>
        {product.description.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </section>
      {(product.usage.length > 0 || product.feeding) && (
        <section className="product-section" aria-labelledby="usage-heading">
          <h2 id="usage-heading">{t('catalogue.product.usage')}</h2>
          {product.usage.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {/* A feed the calculator doses: how much for one's own horse. */}
          {product.feeding && (
            <p>
              <Link to={localPath(language.pathPrefix, FEED_CALCULATOR_SLUGS[locale.language])}>
                {t('catalogue.feedCalculatorLink')}
              </Link>
            </p>
          )}
        </section>
      )}
      {data.bundleProducts.length > 0 && <BundleItems product={product} items={data.bundleProducts} />}
      <section className="product-section" aria-labelledby="specifications-heading">
        <h2 id="specifications-heading">{t('catalogue.product.specifications')}</h2>
        <Specifications product={product} variant={variant} />
      </section>
      {product.nutrition && (
        <section className="product-section" aria-labelledby="nutrition-heading">
          <h2 id="nutrition-heading">{t('catalogue.product.nutrition')}</h2>
          <NutritionTable nutrition={product.nutrition} />
        </section>
      )}
      <section className="product-section" aria-labelledby="packaging-heading">
        <h2 id="packaging-heading">{t('catalogue.product.packaging')}</h2>
        <ul className="packaging-list">
          {product.variants.map((v) => (
            <li key={v.productVariantId}>
              {variantLabel(t, v, locale.language)}
              {v.quantityPerPallet !== null &&
                ` · ${t('catalogue.spec.perPallet', { count: String(v.quantityPerPallet) })}`}
            </li>
          ))}
        </ul>
      </section>
      {product.videos.length > 0 && (
        <section className="product-section" aria-labelledby="media-heading">
          <h2 id="media-heading">{t('catalogue.product.media')}</h2>
          <ul>
            {product.videos.map((url, index) => (
              <li key={url}>
                <a href={url} target="_blank" rel="noopener noreferrer">
                  {t('catalogue.media.watch', { number: String(index + 1), name: product.name })}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <ProductReviews product={product} />
      {data.related.length > 0 && (
        <section className="product-section" aria-labelledby="related-heading">
          <h2 id="related-heading">{t('catalogue.product.related')}</h2>
          <ul className="product-grid product-grid--related">
            {data.related.map((related, index) => (
              <li key={related.productId}>
                <ProductCard
                  summary={summaryOf(related, today)}
                  list={{ id: `related:${product.productId}`, name: t('catalogue.product.related') }}
                  index={index}
                  headingLevel={3}
                />
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  )
}

function Gallery({ product }: { product: CatalogueProduct }) {
  const { t } = useTranslation()
  const [view, setView] = useState<ImageView>('front')
  const views = IMAGE_VIEWS.filter((v) => product.image.views.includes(v))
  return (
    <div className="gallery">
      <div className="gallery__main">
        <ProductImage
          name={product.image.name}
          view={view}
          alt={`${product.name} – ${t(`catalogue.gallery.${view}`)}`}
          sizes="(min-width: 768px) 40vw, 7.5rem"
          eager
        />
      </div>
      {views.length > 1 && (
        <ul className="gallery__thumbs">
          {views.map((v) => (
            <li key={v}>
              <button
                type="button"
                aria-pressed={v === view}
                aria-label={t('catalogue.gallery.show', { view: t(`catalogue.gallery.${v}`) })}
                onClick={() => setView(v)}
              >
                <ProductImage name={product.image.name} view={v} alt="" sizes="5rem" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** Variants as links to their own pages, so the choice is in the URL (and works without script). */
function VariantChoice({ product, variant }: { product: CatalogueProduct; variant: ProductVariant }) {
  const { t } = useTranslation()
  const { locale } = useRootData()
  if (product.variants.length < 2)
    return <p className="product-page__variant">{variantLabel(t, variant, locale.language)}</p>
  const labels = variantChoiceLabels(t, product.variants, locale.language)
  return (
    <fieldset className={labels.length > 3 ? 'variant-choice variant-choice--many' : 'variant-choice'}>
      <legend>{t('catalogue.product.variant')}</legend>
      <ul>
        {product.variants.map((v, index) => (
          <li key={v.productVariantId}>
            <Link
              to={v.path}
              replace
              preventScrollReset
              aria-current={v.productVariantId === variant.productVariantId ? 'true' : undefined}
              className="variant-choice__option"
            >
              {labels[index]}
            </Link>
          </li>
        ))}
      </ul>
    </fieldset>
  )
}

function Availability({ product, variant }: { product: CatalogueProduct; variant: ProductVariant }) {
  const { t } = useTranslation()
  if (product.state === 'comingSoon')
    return <p className="availability availability--soon">{t('catalogue.product.comingSoon')}</p>
  if (product.state === 'notYetAvailable')
    return (
      <div className="availability availability--not-yet">
        <p>{t('messages.notYetAvailable')}</p>
        <NotifyMeForm productVariantId={variant.productVariantId} />
      </div>
    )
  return (
    <div className="availability">
      {variant.stock === 0 ? (
        <>
          <p className="availability__stock availability__stock--none">{t('catalogue.stock.soldOut')}</p>
          <NotifyMeForm productVariantId={variant.productVariantId} />
        </>
      ) : variant.stock <= LOW_STOCK_THRESHOLD ? (
        <p className="availability__stock availability__stock--low">
          {t('messages.stockWarning', { amount: String(variant.stock) })}
        </p>
      ) : (
        <p className="availability__stock">{t('catalogue.stock.inStock')}</p>
      )}
      {variant.stock > 0 && (
        <p className="availability__delivery">
          {t('catalogue.product.delivery', { min: String(DELIVERY_DAYS.min), max: String(DELIVERY_DAYS.max) })}
        </p>
      )}
    </div>
  )
}

/** The silo offer: from 15 horses (12 in the German texts) or over 1000 kg, feed comes loose in a silo. */
function SiloOffer() {
  const { t } = useTranslation()
  const { site, locale } = useRootData()
  const horses = siloMinHorses(locale.language)
  const titleId = useId()
  return (
    <section className="silo-offer" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('catalogue.silo.title')}</h2>
      <p>{t('catalogue.silo.text', { horses: String(horses), kilograms: String(SILO_OFFER.minKilograms) })}</p>
      <AppLink link={{ ...site.customerServiceLink, title: t('catalogue.silo.link') }} />
    </section>
  )
}

function BundleItems({ product, items }: { product: CatalogueProduct; items: CatalogueProduct[] }) {
  const { t } = useTranslation()
  const { locale } = useRootData()
  const byId = new Map(items.map((p) => [p.productId, p]))
  return (
    <section className="product-section" aria-labelledby="bundle-heading">
      <h2 id="bundle-heading">{t('catalogue.product.bundle')}</h2>
      <ul className="bundle-items">
        {(product.bundleItems ?? []).map((item) => {
          const inside = byId.get(item.productId)
          const variant = inside?.variants.find((v) => v.productVariantId === item.productVariantId)
          if (!inside || !variant) return null
          return (
            <li key={item.productVariantId}>
              {item.quantity} × <Link to={variant.path}>{inside.name}</Link> (
              {variantLabel(t, variant, locale.language)})
            </li>
          )
        })}
      </ul>
    </section>
  )
}
