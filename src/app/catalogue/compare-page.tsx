// The comparison page (/vergelijken/ and each language's word for it, all one screen): up to four products side by side,
// a variant to buy of each with its price and add to cart, specifications, nutrition and facets. The list lives on
// the device, so the page fills in after start-up; products come from the server or, offline, from the device's
// catalogue.
import { useAtomValue } from 'jotai'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { ProductFilterKey } from '../../domain/catalogue.ts'
import { COMPARE_MAX } from '../../domain/catalogue-constants.ts'
import type { CatalogueProduct } from '../../domain/product.ts'
import { formatMainNutrient, MAIN_NUTRIENTS } from '../../domain/nutrition-format.ts'
import { amountOf } from '../../domain/variant-label.ts'
import { translateWith } from '../i18n/translate-with.ts'
import { PageHead } from '../content/page-head.tsx'
import { PageHeading } from '../navigation/page-heading.tsx'
import { useRootData } from '../root/use-root-data.ts'
import { useServices } from '../services.tsx'
import { productsByIds, type Freshness } from './catalogue-source.ts'
import { compareIdsAtom, readCompareList, useCompare } from './compare.ts'
import { ComparePrice, CompareOrder, useChosenVariants } from './compare-offer.tsx'
import { FreshnessNote } from './freshness-note.tsx'
import { Stars } from './stars.tsx'
import { ProductImage } from './product-image.tsx'
import { colourName } from './variant-text.ts'

const FACET_ROWS: ProductFilterKey[] = ['horseType', 'ageGroup', 'application', 'ingredient', 'labour']

type Loaded = { products: CatalogueProduct[]; freshness: Freshness; missing: boolean }

export function Component() {
  const { t } = useTranslation()
  const services = useServices()
  const { site, locale } = useRootData()
  const ids = useAtomValue(compareIdsAtom)
  const { remove, clear } = useCompare(site.siteId)
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  const [labels, setLabels] = useState<Record<string, Record<string, string>>>({})
  const { variantOf, choose } = useChosenVariants()

  useEffect(() => {
    let current = true
    void (async () => {
      const list = await readCompareList(site.siteId).catch(() => ids)
      const found = await productsByIds(services, list).catch(() => null)
      if (!current) return
      setLoaded({
        products: found?.value ?? [],
        freshness: found?.freshness ?? null,
        missing: (found?.value.length ?? 0) < list.length,
      })
    })()
    return () => {
      current = false
    }
  }, [ids, services, site.siteId])

  // Facet value names come with the catalogue's labels (from the server, or the device offline).
  useEffect(() => {
    void import('./catalogue-source.ts').then(({ catalogueLabels }) =>
      catalogueLabels(services)
        .then((found) => found && setLabels(found.value.facetValues as Record<string, Record<string, string>>))
        .catch(() => undefined),
    )
  }, [services])

  const products = loaded?.products ?? []
  const language = locale.language
  const row = (label: string, cell: (p: CatalogueProduct) => React.ReactNode) => (
    <tr key={label}>
      <th scope="row">{label}</th>
      {products.map((p) => (
        <td key={p.productId}>{cell(p) ?? '–'}</td>
      ))}
    </tr>
  )

  return (
    <article className="compare-page">
      <PageHead title={`${t('catalogue.compare.title')} | ${site.brandName}`} noIndex />
      <PageHeading>{t('catalogue.compare.title')}</PageHeading>
      {loaded === null ? (
        <p role="status">{t('catalogue.compare.loading')}</p>
      ) : products.length === 0 ? (
        <p>{t('catalogue.compare.empty')}</p>
      ) : (
        <>
          <FreshnessNote freshness={loaded.freshness} />
          {loaded.missing && <p className="notice">{t('catalogue.compare.unavailable')}</p>}
          <div className="compare-table-wrap">
            <table className="compare-table">
              <caption className="visually-hidden">
                {t('catalogue.compare.bar', { count: String(products.length), max: String(COMPARE_MAX) })}
              </caption>
              <thead>
                <tr>
                  {/* oxlint-disable-next-line jsx-a11y/control-has-associated-label -- the empty corner above the row names */}
                  <td />
                  {products.map((p) => (
                    <th key={p.productId} scope="col">
                      <Link to={p.path}>
                        <ProductImage name={p.image.name} alt="" sizes="(min-width: 768px) 10rem, 6rem" />
                        <span className="compare-table__name">{p.name}</span>
                      </Link>
                      <button
                        type="button"
                        className="button button--small button--secondary"
                        onClick={() => void remove(p.productId)}
                      >
                        {t('catalogue.compare.remove')}
                        <span className="visually-hidden"> {p.name}</span>
                      </button>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {row(t('catalogue.compare.price'), (p) => (
                  <ComparePrice product={p} variant={variantOf(p)} onChoose={(id) => choose(p, id)} />
                ))}
                {row(t('catalogue.compare.order'), (p) => (
                  <CompareOrder product={p} variant={variantOf(p)} />
                ))}
                {row(t('catalogue.compare.rating'), (p) => (p.rating ? <Stars rating={p.rating} /> : null))}
                {row(t('catalogue.spec.brand'), (p) => p.brand)}
                {row(t('catalogue.facet.productGroup'), (p) => labels.productGroup?.[p.productGroup] ?? null)}
                {row(t('catalogue.compare.variants'), (p) =>
                  p.variants
                    .map((v) =>
                      [t(`catalogue.package.${v.package}`), amountOf(v, language), v.colour && colourName(t, v.colour)]
                        .filter(Boolean)
                        .join(' '),
                    )
                    .join(', '),
                )}
                {row(t('catalogue.spec.shelfLife'), (p) =>
                  p.shelfLifeMonths === null ? null : t('catalogue.spec.months', { count: String(p.shelfLifeMonths) }),
                )}
                {FACET_ROWS.map((key) =>
                  row(
                    t(`catalogue.facet.${key}`),
                    (p) =>
                      p.facets[key as 'horseType']?.map((value) => labels[key]?.[value] ?? value).join(', ') || null,
                  ),
                )}
                {MAIN_NUTRIENTS.map((key) =>
                  row(t(`catalogue.nutrition.${key}`), (p) => {
                    const value = p.nutrition?.[key]
                    return value === null || value === undefined
                      ? null
                      : formatMainNutrient(key, value, language, translateWith(t))
                  }),
                )}
              </tbody>
            </table>
          </div>
          <p>
            <button type="button" className="button button--secondary" onClick={() => void clear()}>
              {t('catalogue.compare.clear')}
            </button>
          </p>
        </>
      )}
    </article>
  )
}
