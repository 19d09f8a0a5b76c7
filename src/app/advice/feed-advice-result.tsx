// The feed calculator's advice: what the horse needs and what its roughage gives, each suitable feed with grams and
// scoops a day, the feedings, how long each package lasts, the silo offer for a large stable; or why no advice can be
// determined (spec §8). Announced politely as it changes with the form.
import type { Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { FeedCalculation, ProductAdvice } from '../../domain/feed-calculator.ts'
import type { ReadForm } from '../../domain/feed-calculator-query.ts'
import type { FeedProduct } from '../../domain/feed-products.ts'
import { intlLocaleOf } from '../../domain/locale.ts'
import { FEEDINGS_PER_DAY } from '../../domain/scan.ts'
import { ProductImage } from '../catalogue/product-image.tsx'
import { useRootData } from '../root/use-root-data.ts'
import { AppLink } from '../ui/app-link.tsx'

export function FeedAdviceResult({
  headingRef,
  products,
  read,
  calculation,
  limits,
}: {
  headingRef: Ref<HTMLHeadingElement>
  products: FeedProduct[] | null
  read: ReadForm
  calculation: FeedCalculation | null
  /** The horse type's name and what the calculator takes for it, for the reasons. */
  limits: { horseType: string; min: number; max: number; maxWork: number }
}) {
  const { t } = useTranslation()
  const { locale, site } = useRootData()
  const number = (value: number, digits = 0) =>
    new Intl.NumberFormat(intlLocaleOf(locale.language), { maximumFractionDigits: digits }).format(value)
  const reason = !read.ok ? read.reason : calculation && !calculation.ok ? calculation.reason : null
  const byId = new Map((products ?? []).map((p) => [p.productId, p]))

  const body = () => {
    if (reason)
      return (
        <div className="feed-advice-result__none">
          <p className="feed-advice-result__reason-title">{t('feedCalculator.result.noAdvice')}</p>
          <p>
            {t(`feedCalculator.result.reasons.${reason}`, {
              horseType: limits.horseType,
              min: String(limits.min),
              max: String(reason === 'workOutOfRange' ? limits.maxWork : limits.max),
            })}
          </p>
        </div>
      )
    if (!products || !calculation?.ok) return <p className="notice">{t('feedCalculator.result.noProducts')}</p>
    const { inputs } = read as Extract<ReadForm, { ok: true }>
    const silo = calculation.energyFeeds.find((f) => f.siloOffer)
    return (
      <>
        <p>
          {t('feedCalculator.result.need', {
            need: number(calculation.needMj),
            labour: t(`feedCalculator.labour.${calculation.labour}`),
          })}{' '}
          {t('feedCalculator.result.roughage', {
            kilograms: number(calculation.roughageKgPerDay, 1),
            roughage: t(`account.advice.roughageTypes.${inputs.roughageType}`),
            energy: number(calculation.roughageMj),
          })}{' '}
          {calculation.shortfallMj > 0
            ? t('feedCalculator.result.shortfall', { energy: number(calculation.shortfallMj) })
            : t('feedCalculator.result.covered')}
        </p>
        {calculation.energyFeeds.length > 0 && (
          <section aria-labelledby="feed-advice-energy">
            <h3 id="feed-advice-energy">{t('feedCalculator.result.energyFeeds')}</h3>
            <ul className="feed-advice-list">
              {calculation.energyFeeds.map((advice) => (
                <FeedCard key={advice.productId} advice={advice} product={byId.get(advice.productId)} number={number} />
              ))}
            </ul>
          </section>
        )}
        {calculation.overLimit.length > 0 && (
          <p className="notice">
            {t('feedCalculator.result.overLimit', { count: String(calculation.overLimit.length) })}
          </p>
        )}
        {silo && (
          <p className="feed-advice-result__silo">
            {t('feedCalculator.result.silo', {
              horses: number(inputs.horses),
              kilograms: number(silo.kgPerMonth),
            })}{' '}
            <AppLink link={{ ...site.customerServiceLink, title: t('feedCalculator.result.siloLink') }} />
          </p>
        )}
        {calculation.fixedFeeds.length > 0 && (
          <section aria-labelledby="feed-advice-fixed">
            <h3 id="feed-advice-fixed">{t('feedCalculator.result.fixedFeeds')}</h3>
            <ul className="feed-advice-list">
              {calculation.fixedFeeds.map((advice) => (
                <FeedCard key={advice.productId} advice={advice} product={byId.get(advice.productId)} number={number} />
              ))}
            </ul>
          </section>
        )}
      </>
    )
  }

  return (
    <section className="feed-advice-result" aria-labelledby="feed-advice-title" aria-live="polite">
      <h2 id="feed-advice-title" ref={headingRef} tabIndex={-1}>
        {t('feedCalculator.result.title')}
      </h2>
      {body()}
      <p className="feed-advice-result__source">{t('feedCalculator.result.source')}</p>
    </section>
  )
}

function FeedCard({
  advice,
  product,
  number,
}: {
  advice: ProductAdvice
  product: FeedProduct | undefined
  number: (value: number, digits?: number) => string
}) {
  const { t } = useTranslation()
  if (!product) return null
  return (
    <li className="feed-advice-card">
      <ProductImage name={product.image.name} alt="" sizes="4.5rem" />
      <div>
        <Link to={product.path} className="feed-advice-card__name">
          {product.name}
        </Link>
        <p className="feed-advice-card__dose">
          <strong>{t('feedCalculator.result.perDay', { grams: number(advice.gramsPerDay) })}</strong>
          <span>
            {t('feedCalculator.result.scoops', {
              scoops: number(advice.scoopsPerDay, 2),
              feedings: String(FEEDINGS_PER_DAY),
              grams: number(advice.gramsPerFeeding),
            })}
          </span>
        </p>
        {advice.packages.length > 0 && (
          <details className="feed-advice-card__packages">
            <summary>{t('feedCalculator.result.packages')}</summary>
            <ul>
              {advice.packages.map((p) => (
                <li key={p.productVariantId}>
                  {t('feedCalculator.result.package', {
                    package: t(`catalogue.package.${p.package}`),
                    weight: `${number(p.weightGrams / 1000, 1)} kg`,
                    portions: number(p.portions),
                    days: number(p.days),
                  })}
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
    </li>
  )
}
