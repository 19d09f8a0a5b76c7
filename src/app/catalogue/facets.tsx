import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { FacetFilter, ProductFilterKey } from '../../domain/catalogue.ts'
import type { FacetResult } from '../../domain/catalogue-api.ts'
import { formatNumber } from '../../domain/locale.ts'
import { withFilter, type ListState } from '../../domain/search/search-url.ts'
import { useRootData } from '../root/use-root-data.ts'

/** From this width (the tablet breakpoint, SPEC §9) the filters stand beside the products, always open. */
const WIDE = '(min-width: 768px)'

/**
 * The facet filters of a product list. A GET form, so filtering works before the script has loaded and without it;
 * with the script every change navigates at once (the state lives in the URL). On a phone they fold away behind
 * "Filters (n)", so the products come first; the CSS keeps them open on wider screens.
 */
export function Facets({
  facets,
  state,
  hidden,
  onChange,
  action,
}: {
  facets: FacetResult[]
  state: ListState
  /** Facets the page fixes (a category's own group). */
  hidden: ProductFilterKey[]
  onChange: (next: ListState) => void
  action: string
}) {
  const { t } = useTranslation()
  const panel = useRef<HTMLDetailsElement>(null)
  // Open on wide screens for browsers that cannot style the folded part open (::details-content).
  useEffect(() => {
    if (panel.current && window.matchMedia?.(WIDE).matches) panel.current.open = true
  }, [])
  const shown = facets.filter((f) => !hidden.includes(f.facetKey))
  const active = state.filters.filter((f) => !hidden.includes(f.facetKey))
  if (shown.length === 0) return null
  return (
    <details className="facets-panel" ref={panel}>
      <summary className="facets-panel__toggle button button--secondary">
        {t('catalogue.list.filters')}
        {active.length > 0 && ` (${active.length})`}
      </summary>
      <form className="facets" method="get" action={action} aria-label={t('catalogue.list.filters')}>
        {state.searchTerm && <input type="hidden" name="q" value={state.searchTerm} />}
        {state.sort !== 'relevance' && <input type="hidden" name="sort" value={state.sort} />}
        {state.descending && <input type="hidden" name="desc" value="1" />}
        {shown.map((facet) => (
          <FacetGroup key={facet.facetKey} facet={facet} state={state} onChange={onChange} />
        ))}
        <div className="facets__actions">
          <noscript>
            <button type="submit" className="button">
              {t('catalogue.list.apply')}
            </button>
          </noscript>
          {active.length > 0 && (
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() =>
                onChange({ ...state, filters: state.filters.filter((f) => hidden.includes(f.facetKey)), page: 1 })
              }
            >
              {t('catalogue.list.clearFilters')}
            </button>
          )}
        </div>
      </form>
    </details>
  )
}

function FacetGroup({
  facet,
  state,
  onChange,
}: {
  facet: FacetResult
  state: ListState
  onChange: (next: ListState) => void
}) {
  const { t } = useTranslation()
  const current = state.filters.find((f) => f.facetKey === facet.facetKey)
  const title = t(`catalogue.facet.${facet.facetKey}`)
  if (facet.discriminator === 'rangeSlider' || facet.discriminator === 'slider')
    return (
      <RangeFacet
        key={current ? JSON.stringify(current) : 'none'}
        facet={facet}
        current={current}
        state={state}
        onChange={onChange}
        title={title}
      />
    )
  const selected =
    current?.discriminator === 'multiSelect'
      ? current.selectedKeys
      : current?.discriminator === 'singleSelect'
        ? [current.selectedKey]
        : []
  const toggle = (key: string, on: boolean) => {
    if (facet.discriminator === 'singleSelect') {
      const next: FacetFilter | null = on
        ? { discriminator: 'singleSelect', facetKey: facet.facetKey, selectedKey: key }
        : null
      return onChange(withFilter(state, facet.facetKey, next))
    }
    const keys = on ? [...selected, key] : selected.filter((k) => k !== key)
    onChange(
      withFilter(
        state,
        facet.facetKey,
        keys.length > 0 ? { discriminator: 'multiSelect', facetKey: facet.facetKey, selectedKeys: keys } : null,
      ),
    )
  }
  return (
    <fieldset className="facet" data-facet={facet.facetKey}>
      <legend>{title}</legend>
      <ul className="facet__values">
        {facet.values.map((value) => (
          <li key={value.key}>
            <label>
              {/* Uncontrolled, so a tick shows at once; a new state from the URL remounts it (the key). */}
              <input
                key={String(selected.includes(value.key))}
                type="checkbox"
                name={facet.facetKey}
                value={value.key}
                defaultChecked={selected.includes(value.key)}
                onChange={(event) => toggle(value.key, event.currentTarget.checked)}
              />{' '}
              {value.label} <span className="facet__count">({value.count})</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  )
}

/** Weight in kilograms: from – to, within the range the other filters leave. */
function RangeFacet({
  facet,
  current,
  state,
  onChange,
  title,
}: {
  facet: FacetResult
  current: FacetFilter | undefined
  state: ListState
  onChange: (next: ListState) => void
  title: string
}) {
  const { t } = useTranslation()
  const { locale } = useRootData()
  const id = useId()
  const selected =
    current?.discriminator === 'rangeSlider' ? { min: current.selectedMinValue, max: current.selectedMaxValue } : null
  const bounds = facet.range ?? selected ?? { min: 0, max: 0 }
  const [min, setMin] = useState(String(selected?.min ?? ''))
  const [max, setMax] = useState(String(selected?.max ?? ''))
  const apply = () => {
    const low = min === '' ? bounds.min : Number(min)
    const high = max === '' ? bounds.max : Number(max)
    if (!Number.isFinite(low) || !Number.isFinite(high)) return
    const none = min === '' && max === ''
    onChange(
      withFilter(
        state,
        facet.facetKey,
        none
          ? null
          : {
              discriminator: 'rangeSlider',
              facetKey: facet.facetKey,
              selectedMinValue: Math.min(low, high),
              selectedMaxValue: Math.max(low, high),
            },
      ),
    )
  }
  const show = (kg: number) => formatNumber(kg, locale.language).replace(/[.,]00$/, '')
  return (
    <fieldset className="facet facet--range" data-facet={facet.facetKey}>
      <legend>{title}</legend>
      {facet.range && (
        <p className="facet__hint" id={`${id}-hint`}>
          {t('catalogue.facet.rangeHint', { min: show(facet.range.min), max: show(facet.range.max) })}
        </p>
      )}
      <div className="facet__range">
        <label>
          {t('catalogue.facet.min')}
          <input
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            name={`${facet.facetKey}Min`}
            value={min}
            aria-describedby={facet.range ? `${id}-hint` : undefined}
            onChange={(event) => setMin(event.currentTarget.value)}
            onBlur={apply}
            onKeyDown={(event) => event.key === 'Enter' && (event.preventDefault(), apply())}
          />
        </label>
        <label>
          {t('catalogue.facet.max')}
          <input
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            name={`${facet.facetKey}Max`}
            value={max}
            aria-describedby={facet.range ? `${id}-hint` : undefined}
            onChange={(event) => setMax(event.currentTarget.value)}
            onBlur={apply}
            onKeyDown={(event) => event.key === 'Enter' && (event.preventDefault(), apply())}
          />
        </label>
      </div>
    </fieldset>
  )
}
