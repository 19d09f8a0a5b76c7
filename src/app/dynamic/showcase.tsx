import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { ProductSummary } from '../../domain/catalogue-api.ts'
import { productImageSrcSet, productImageUrl } from '../../domain/product-images.ts'
import { Price } from '../ui/price.tsx'
import type { Showcase } from './showcase.data.ts'

/**
 * The home page's shop window: the product groups with a picture, and a few offers with their prices. Plain links and
 * images, no catalogue code: the home page stays as light as it was. Pictures load lazily below the first screen.
 */
export function ShowcaseView({ showcase }: { showcase: Showcase }) {
  const { t } = useTranslation()
  const groupsTitle = useId()
  const offersTitle = useId()
  return (
    <>
      {showcase.groups.length > 0 && (
        <section className="showcase" aria-labelledby={groupsTitle}>
          <h2 id={groupsTitle}>{t('home.groups')}</h2>
          <ul className="showcase__groups">
            {showcase.groups.map((group) => (
              <li key={group.key}>
                <Link to={group.path} className="showcase__group">
                  {group.image ? <Picture name={group.image} sizes="10rem" /> : <span className="showcase__picture" />}
                  <span>{group.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {showcase.offers.length > 0 && (
        <section className="showcase" aria-labelledby={offersTitle}>
          <h2 id={offersTitle}>{t('home.offers')}</h2>
          <ul className="showcase__offers">
            {showcase.offers.map((offer) => (
              <li key={offer.productId}>
                <Offer offer={offer} />
              </li>
            ))}
          </ul>
          <p>
            <Link to={showcase.offersPath}>{t('home.allOffers')}</Link>
          </p>
        </section>
      )}
    </>
  )
}

function Offer({ offer }: { offer: ProductSummary }) {
  const { t } = useTranslation()
  return (
    <Link to={offer.path} className="showcase__offer">
      <Picture name={offer.image} sizes="(min-width: 768px) 22vw, 45vw" />
      <span className="showcase__name">{offer.name}</span>
      <span className="showcase__price">
        {offer.variantCount > 1 && <span>{t('catalogue.card.from')} </span>}
        {offer.originalPrice !== null && (
          <del>
            <Price cents={offer.originalPrice} currency={offer.currency} />
          </del>
        )}{' '}
        <Price cents={offer.price} currency={offer.currency} />
      </span>
    </Link>
  )
}

/** A product's pack in the width the screen needs, square so nothing moves when it loads. */
function Picture({ name, sizes }: { name: string; sizes: string }) {
  return (
    <img
      className="showcase__picture"
      src={productImageUrl(name, 'front', 160)}
      srcSet={productImageSrcSet(name, 'front')}
      sizes={sizes}
      width={160}
      height={160}
      alt=""
      loading="lazy"
      decoding="async"
    />
  )
}
