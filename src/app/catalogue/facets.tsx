import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { FacetFilter, ProductFilterKey } from '../../domain/catalogue.ts'
import type { FacetResult } from '../../domain/catalogue-api.ts'
import { formatNumber } from '../../domain/locale.ts'
import { withFilter, type ListState } from '../../domain/search/search-url.ts'
import { useRootData } from '../root/use-root-data.ts'

/** From this width (the tablet breakpoint) the filters stand beside the products, always open. */
const WIDE = '(min-width: 768px)'

/** Whether the filters stand beside the list (false on the server and on phones). */
function useWide(): boolean {
  const [wide, setWide] = useState(false)
  useEffect(() => {
    const query = window.matchMedia?.(WIDE)
    if (!query) return
    setWide(query.matches)
    const change = () => setWide(query.matches)
    query.addEventListener('change', change)
    return () => query.removeEventListener('change', change)
  }, [])
  return wide
}

/**
 * The facet filters of a product list. A GET form, so filtering works before the script has loaded and without it;
 * with the script every change navigates at once (the state lives in the URL). On a phone they open as a sheet over
 * the list (a modal dialog, opened by the button's command even before the script runs) whose button shows how many
 * products the choice leaves and closes it; the CSS keeps them open beside the list on wider screens.
 */
export function Facets({
  facets,
  state,
  hidden,
  onChange,
  action,
  resultCount,
}: {
  facets: FacetResult[]
  state: ListState
  /** Facets the page fixes (a category's own group). */
  hidden: ProductFilterKey[]
  onChange: (next: ListState) => void
  action: string
  /** How many products the current choice leaves. */
  resultCount: number
}) {
  const { t } = useTranslation()
  const id = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const wide = useWide()
  // A sheet left open while the screen turns wide would keep the page behind it inert.
  useEffect(() => {
    if (wide) dialog.current?.close()
  }, [wide])
  const shown = facets.filter((f) => !hidden.includes(f.facetKey))
  const active = state.filters.filter((f) => !hidden.includes(f.facetKey))
  if (shown.length === 0) return null
  const dialogId = `${id}-filters`
  const titleId = `${id}-title`
  // Browsers without invoker commands (command/commandfor) open and close it from the script.
  const byScript = (open: boolean) => () => {
    if (typeof HTMLButtonElement === 'undefined' || 'command' in HTMLButtonElement.prototype) return
    if (open) dialog.current?.showModal()
    else dialog.current?.close()
  }
  const panel = (
    <>
      <div className="facets-panel__head">
        <h2 id={titleId} className="facets-panel__title">
          {t('catalogue.list.filters')}
        </h2>
        <button
          type="button"
          className="button button--secondary button--small"
          {...{ commandfor: dialogId, command: 'close' }}
          onClick={byScript(false)}
        >
          {t('a11y.closeDialog')}
        </button>
      </div>
      <form
        className="facets"
        method="get"
        action={action}
        onSubmit={(event) => {
          // The list behind already shows the choice (every tick navigates); without the script this submits it.
          event.preventDefault()
          dialog.current?.close()
        }}
      >
        {state.searchTerm && <input type="hidden" name="q" value={state.searchTerm} />}
        {state.sort !== 'relevance' && <input type="hidden" name="sort" value={state.sort} />}
        {state.descending && <input type="hidden" name="desc" value="1" />}
        {shown.map((facet) => (
          <FacetGroup key={facet.facetKey} facet={facet} state={state} onChange={onChange} />
        ))}
        <div className="facets__actions">
          <noscript>
            <button type="submit" className="button facets__apply">
              {t('catalogue.list.apply')}
            </button>
          </noscript>
          <button type="submit" className="button facets__show">
            {t('catalogue.list.showResults', { count: String(resultCount) })}
          </button>
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
    </>
  )
  return (
    <>
      <button
        type="button"
        className="facets-toggle button button--secondary"
        aria-haspopup="dialog"
        {...{ commandfor: dialogId, command: 'show-modal' }}
        onClick={byScript(true)}
      >
        {t('catalogue.list.filters')}
        {active.length > 0 && ` (${active.length})`}
      </button>
      {wide ? (
        // Beside the list on wide screens it is no dialog, just the filters (same look, so nothing moves).
        <section className="facets-panel" aria-labelledby={titleId}>
          {panel}
        </section>
      ) : (
        <dialog id={dialogId} ref={dialog} className="facets-panel" aria-labelledby={titleId}>
          {panel}
        </dialog>
      )}
    </>
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
              <FacetCheckbox
                name={facet.facetKey}
                value={value.key}
                checked={selected.includes(value.key)}
                onToggle={(on) => toggle(value.key, on)}
              />
              <span>
                {value.label} <span className="facet__count">({value.count})</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  )
}

/**
 * Uncontrolled, so a tick shows at once; a new state from the URL sets it. Kept rather than remounted, so focus stays
 * on it while the list behind changes.
 */
function FacetCheckbox({
  name,
  value,
  checked,
  onToggle,
}: {
  name: string
  value: string
  checked: boolean
  onToggle: (on: boolean) => void
}) {
  const ref = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (ref.current) ref.current.checked = checked
  }, [checked])
  return (
    <input
      ref={ref}
      type="checkbox"
      name={name}
      value={value}
      defaultChecked={checked}
      onChange={(event) => onToggle(event.currentTarget.checked)}
    />
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
