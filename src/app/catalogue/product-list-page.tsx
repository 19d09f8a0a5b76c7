import { useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useNavigation } from 'react-router'
import {
  listStateFromQuery,
  PAGE_SIZES,
  queryOfListState,
  type ListState,
  type Sort,
} from '../../domain/search/search-url.ts'
import { PageHead } from '../content/page-head.tsx'
import { PageHeading } from '../navigation/page-heading.tsx'
import { useRootData } from '../root/use-root-data.ts'
import { promotionOf, trackSelectPromotion, trackViewPromotion, type ItemList } from '../tracking/ecommerce.ts'
import type { ProductListData } from './catalogue.data.ts'
import { Facets } from './facets.tsx'
import { useHydrated } from './use-hydrated.ts'
import { FreshnessNote } from './freshness-note.tsx'
import { ProductCard } from './product-card.tsx'

const SORT_OPTIONS: {
  value: 'relevance' | 'price' | 'price-desc' | 'name' | 'name-desc' | 'newest'
  sort: Sort
  descending: boolean
}[] = [
  { value: 'relevance', sort: 'relevance', descending: false },
  { value: 'price', sort: 'price', descending: false },
  { value: 'price-desc', sort: 'price', descending: true },
  { value: 'name', sort: 'name', descending: false },
  { value: 'name-desc', sort: 'name', descending: true },
  { value: 'newest', sort: 'newest', descending: false },
]

/** A category, a landing page or the search results: facets, sorting, "first - last of count", paging. */
export function ProductListPage({ data }: { data: ProductListData }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { brand, site } = useRootData()
  const { state, response } = data
  // While the next results load, the controls already show what was chosen (the URL being navigated to).
  const navigation = useNavigation()
  const shown =
    navigation.location?.pathname === data.path
      ? listStateFromQuery(new URLSearchParams(navigation.location.search))
      : state
  // Focus stays on the filter or select that was changed (the heading takes it on other navigations).
  const go = (next: ListState) =>
    void navigate(`${data.path}${queryOfListState(next)}`, {
      preventScrollReset: next.page === state.page,
      state: { keepFocus: true },
    })

  const title =
    data.title ??
    (state.searchTerm ? t('catalogue.search.resultsFor', { term: state.searchTerm }) : t('catalogue.search.title'))
  const first = response.totalCount === 0 ? 0 : (state.page - 1) * state.pageSize + 1
  const last = Math.min(response.totalCount, state.page * state.pageSize)
  const pages = Math.max(1, Math.ceil(response.totalCount / state.pageSize))
  const list: ItemList = useMemo(
    () => ({ id: `${data.listKind}:${data.productGroup ?? data.landingpageId ?? 'search'}`, name: title }),
    [data.listKind, data.productGroup, data.landingpageId, title],
  )
  const sortValue = SORT_OPTIONS.find((o) => o.sort === state.sort && o.descending === state.descending)?.value

  return (
    <article className="product-list-page" data-hydrated={useHydrated() || undefined}>
      <PageHead
        title={`${title} | ${site.brandName}`}
        description={data.intro ?? t('meta.description', { brand: site.brandName })}
        path={data.path}
        alternates={data.alternates}
        noIndex={data.listKind === 'search'}
      />
      <PageHeading>{title}</PageHeading>
      {data.intro && <p className="product-list-page__intro">{data.intro}</p>}
      <FreshnessNote freshness={data.freshness} />
      {data.listKind === 'search' && <SearchForm action={data.path} term={state.searchTerm} />}
      <div className="product-list">
        <div className="product-list__filters">
          <Facets
            facets={response.facets}
            state={shown}
            hidden={data.productGroup ? ['productGroup'] : []}
            onChange={go}
            action={data.path}
            resultCount={response.totalCount}
          />
        </div>
        <div className="product-list__results">
          <div className="product-list__toolbar">
            <p className="product-list__count" role="status">
              {response.totalCount === 0
                ? t('messages.noResults')
                : t('catalogue.list.count', {
                    first: String(first),
                    last: String(last),
                    count: String(response.totalCount),
                  })}
            </p>
            <label>
              {t('catalogue.list.sort')}{' '}
              <select
                value={sortValue}
                onChange={(event) => {
                  const option = SORT_OPTIONS.find((o) => o.value === event.currentTarget.value)!
                  go({ ...state, sort: option.sort, descending: option.descending, page: 1 })
                }}
              >
                {SORT_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {t(`catalogue.sort.${option.value}`)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('catalogue.list.pageSize')}{' '}
              <select
                value={state.pageSize}
                onChange={(event) => go({ ...state, pageSize: Number(event.currentTarget.value), page: 1 })}
              >
                {PAGE_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {response.results.length > 0 ? (
            <ul className="product-grid">
              {response.results.map((summary, index) => (
                <li key={summary.productId}>
                  {/* The first row on a phone is the first screen's largest picture. */}
                  <ProductCard summary={summary} list={list} index={first - 1 + index} eager={index < 2} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="product-list__empty">{t('catalogue.list.empty')}</p>
          )}
          <Paging state={state} pages={pages} path={data.path} />
        </div>
      </div>
      {brand !== 'corporate' && <Promotions data={data} />}
    </article>
  )
}

function SearchForm({ action, term }: { action: string; term: string }) {
  const { t } = useTranslation()
  return (
    <form className="search-form" method="get" action={action} role="search" aria-label={t('catalogue.search.refine')}>
      <label htmlFor="search-page-term">{t('catalogue.search.label')}</label>
      <input id="search-page-term" type="search" name="q" defaultValue={term} maxLength={200} key={term} />
      <button type="submit" className="button">
        {t('catalogue.search.submit')}
      </button>
    </form>
  )
}

function Paging({ state, pages, path }: { state: ListState; pages: number; path: string }) {
  const { t } = useTranslation()
  if (pages <= 1) return null
  const href = (page: number) => `${path}${queryOfListState({ ...state, page })}`
  const numbers = [...new Set([1, state.page - 1, state.page, state.page + 1, pages])].filter(
    (n) => n >= 1 && n <= pages,
  )
  return (
    <nav className="paging" aria-label={t('catalogue.paging.label')}>
      {state.page > 1 && (
        <Link to={href(state.page - 1)} rel="prev">
          {t('catalogue.paging.previous')}
        </Link>
      )}
      <ul>
        {numbers.map((n) => (
          <li key={n}>
            {n === state.page ? (
              <span aria-current="page">{n}</span>
            ) : (
              <Link to={href(n)} aria-label={t('catalogue.paging.page', { page: String(n) })}>
                {n}
              </Link>
            )}
          </li>
        ))}
      </ul>
      {state.page < pages && (
        <Link to={href(state.page + 1)} rel="next">
          {t('catalogue.paging.next')}
        </Link>
      )}
    </nav>
  )
}

/** The landing pages as promotions (view_promotion when shown, select_promotion when chosen). */
function Promotions({ data }: { data: ProductListData }) {
  const { t } = useTranslation()
  const promotions = data.promotions
  useEffect(() => {
    trackViewPromotion(promotions.map((page, index) => promotionOf(page, `list-${index + 1}`)))
  }, [promotions])
  if (promotions.length === 0) return null
  return (
    <ul className="promotions">
      {promotions.map((page, index) => (
        <li key={page.landingPageId} className="promotion">
          <Link to={page.path} onClick={() => trackSelectPromotion(promotionOf(page, `list-${index + 1}`))}>
            <strong>{page.title}</strong> <span>{page.intro}</span>{' '}
            <span className="promotion__cta">{t('catalogue.promotion.cta')}</span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
