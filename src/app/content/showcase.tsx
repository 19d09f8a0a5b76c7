import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { ProductSummary } from '../../domain/catalogue-api.ts'
import { ProductImage } from '../catalogue/product-image.tsx'
import { PriceWithOld } from '../ui/price.tsx'
import type { Showcase } from './showcase.data.ts'

/**
 * The home page's shop window: the product groups with a picture, and a few offers with their prices. Plain links and
 * pictures, none of the catalogue's page code: the home page stays light. Pictures load lazily below the first screen.
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
                  {group.image ? (
                    <ProductImage name={group.image} alt="" sizes="10rem" />
                  ) : (
                    <span className="product-image" />
                  )}
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
      <ProductImage name={offer.image} alt="" sizes="(min-width: 768px) 22vw, 45vw" />
      <span className="showcase__name">{offer.name}</span>
      <span className="showcase__price">
        {offer.variantCount > 1 && <span>{t('catalogue.card.from')} </span>}
        <PriceWithOld cents={offer.price} originalCents={offer.originalPrice} currency={offer.currency} />
      </span>
    </Link>
  )
}
