// The pickup point search of the delivery step: a postcode, city or street (`GET /api/pickuppoints`, in the given
// country), the points it finds nearest first as a radio group, each with its address, its distance from the place
// searched and its opening hours (days with the same hours on one line, the day names translated).
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MAX_LENGTH } from '../../domain/address-rules.ts'
import { intlLocaleOf } from '../../domain/locale.ts'
import type { PickupPoint } from '../../domain/pickup-points.ts'
import { useRootData } from '../root/use-root-data.ts'
import { useServices } from '../services.tsx'
import { openingRows } from './delivery-choice.ts'
import { ErrorText, Field, type FieldErrors } from './form-field.tsx'

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const

type SearchStatus = 'idle' | 'searching' | 'none' | 'failed'

/** The pickup point search and the points it found, a radio group; the chosen point is the cart's until changed. */
export function PickupPoints({
  search,
  searched,
  pointId,
  country,
  error,
  onChange,
}: {
  /** The search as typed. */
  search: string
  /** The term of the points listed (the cart keeps it with its point): listed again when the step opens. */
  searched: string
  /** The chosen point, '' for none. */
  pointId: string
  /** The region code of the country to search in. */
  country: string
  error: FieldErrors[string] | undefined
  onChange: (patch: { search?: string; searched?: string; pointId?: string }) => void
}) {
  const { t } = useTranslation()
  const { api } = useServices()
  const { locale } = useRootData()
  const [points, setPoints] = useState<PickupPoint[] | null>(null)
  const [status, setStatus] = useState<SearchStatus>('idle')
  const searching = useRef<AbortController | null>(null)
  const km = new Intl.NumberFormat(intlLocaleOf(locale.language), {
    style: 'unit',
    unit: 'kilometer',
    maximumFractionDigits: 1,
  })

  const find = (term: string, chosen: string) => {
    const trimmed = term.trim()
    if (!trimmed) return
    searching.current?.abort()
    const abort = new AbortController()
    searching.current = abort
    setStatus('searching')
    api.pickupPoints(trimmed, country, abort.signal).then(
      (found) => {
        if (abort.signal.aborted) return
        setPoints(found)
        setStatus(found.length === 0 ? 'none' : 'idle')
        // A point not in the new list cannot stay chosen: the shopper would not see it.
        onChange({ searched: trimmed, pointId: found.some((p) => p.parcelShopId === chosen) ? chosen : '' })
      },
      () => {
        if (!abort.signal.aborted) setStatus('failed')
      },
    )
  }

  // The list the shopper saw last (the cart's point among it) comes back with the step.
  const first = useRef({ term: searched, chosen: pointId })
  useEffect(() => {
    const { term, chosen } = first.current
    if (term) find(term, chosen)
    return () => searching.current?.abort()
    // oxlint-disable-next-line react/exhaustive-deps -- once, with the step: later searches are the shopper's
  }, [])

  const dayName = (day: number) => t(`checkout.delivery.days.${DAYS[day - 1]!}`)
  return (
    <fieldset className="pickup">
      <legend className="visually-hidden">{t('checkout.delivery.pickupTitle')}</legend>
      <div className="pickup__search" role="search">
        <Field
          name="pickup-search"
          label={t('checkout.delivery.pickupSearch')}
          value={search}
          onChange={(typed) => onChange({ search: typed })}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return
            event.preventDefault()
            find(search, pointId)
          }}
          error={points === null ? error : undefined}
          hint={t('checkout.delivery.pickupHint')}
          autoComplete="postal-code"
          enterKeyHint="search"
          maxLength={MAX_LENGTH.city}
          required={false}
        />
        <button
          type="button"
          className="button button--secondary"
          disabled={!search.trim() || status === 'searching'}
          onClick={() => find(search, pointId)}
        >
          {t('checkout.delivery.find')}
        </button>
      </div>
      <p className="field__hint" role="status">
        {status === 'searching'
          ? t('checkout.delivery.searching')
          : status === 'none'
            ? t('checkout.delivery.noPoints', { term: searched || search.trim() })
            : status === 'failed'
              ? t('checkout.delivery.searchFailed')
              : ''}
      </p>
      {points && points.length > 0 && (
        <div
          className={error ? 'pickup__points pickup__points--invalid' : 'pickup__points'}
          role="radiogroup"
          aria-labelledby="pickup-points-title"
          aria-describedby={error ? 'pickup-points-error' : undefined}
        >
          <h2 id="pickup-points-title" className="pickup__title">
            {t('checkout.delivery.pointsNear', { term: searched })}
          </h2>
          <ErrorText id="pickup-points-error" error={error} />
          <ul>
            {points.map((point) => (
              <li key={point.parcelShopId} className="pickup-point">
                <label>
                  <input
                    type="radio"
                    name="pickup-point"
                    value={point.parcelShopId}
                    checked={pointId === point.parcelShopId}
                    onChange={() => onChange({ pointId: point.parcelShopId })}
                  />
                  <span className="pickup-point__name">{point.name}</span>
                  <span>
                    {point.street} {point.streetNumber}, {point.zipcode} {point.city}
                  </span>
                  <span className="pickup-point__distance">
                    {t('checkout.delivery.distance', { distance: km.format(point.distanceKm), term: searched })}
                  </span>
                </label>
                <details className="pickup-point__hours">
                  <summary>{t('checkout.delivery.openingHours')}</summary>
                  <dl>
                    {openingRows(point.openingHours).map((row) => (
                      <div key={row.from}>
                        <dt>
                          {row.from === row.to
                            ? dayName(row.from)
                            : t('checkout.delivery.dayRange', { from: dayName(row.from), to: dayName(row.to) })}
                        </dt>
                        <dd>
                          {row.hours.length === 0
                            ? t('checkout.delivery.closed')
                            : row.hours.map((h) => `${h.open}–${h.close}`).join(', ')}
                        </dd>
                      </div>
                    ))}
                  </dl>
                </details>
              </li>
            ))}
          </ul>
        </div>
      )}
    </fieldset>
  )
}
