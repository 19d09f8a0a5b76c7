// A scan result's sample value against the target and the average, readable at a glance: one bar per value on a
// shared scale from zero, each with its number written beside it, and a sentence saying where the sample stands.
// The bars are SVG rectangles (sizes as attributes, so no inline style is needed), hidden from screen readers,
// which read the list of values and the sentence instead.
import { useTranslation } from 'react-i18next'
import { formatNumber } from '../../domain/locale.ts'
import type { ScanResult } from '../../domain/scan.ts'
import { useRootData } from '../root/use-root-data.ts'

/** Within this share of the target the sample counts as on target. */
const ON_TARGET = 0.05

export function ScanChart({ result }: { result: ScanResult }) {
  const { t } = useTranslation()
  const { locale } = useRootData()
  const rows = (
    [
      ['sample', result.sampleValue],
      ['target', result.targetValue],
      ['average', result.average],
    ] as const
  ).filter((row): row is readonly [(typeof row)[0], number] => row[1] !== null)
  if (rows.length === 0) return null
  const top = Math.max(...rows.map(([, value]) => Math.abs(value))) * 1.1 || 1
  const { sampleValue: sample, targetValue: target } = result
  const standing =
    sample === null || target === null || target === 0
      ? null
      : Math.abs(sample - target) / Math.abs(target) <= ON_TARGET
        ? 'onTarget'
        : sample < target
          ? 'belowTarget'
          : 'aboveTarget'
  return (
    <figure className="scan-chart">
      <figcaption className="scan-chart__caption">{t('account.scans.chart.caption')}</figcaption>
      <dl className="scan-chart__rows">
        {rows.map(([kind, value]) => (
          <div key={kind} className={`scan-chart__row scan-chart__row--${kind}`}>
            <dt className="scan-chart__label">{t(`account.scans.chart.${kind}`)}</dt>
            <dd className="scan-chart__bar">
              <svg viewBox="0 0 100 12" preserveAspectRatio="none" aria-hidden="true" focusable="false">
                <rect className="scan-chart__track" x="0" y="0" width="100" height="12" rx="1" />
                <rect
                  className="scan-chart__fill"
                  x="0"
                  y="0"
                  width={(Math.abs(value) / top) * 100}
                  height="12"
                  rx="1"
                />
              </svg>
              <span className="scan-chart__value">{formatNumber(value, locale.language)}</span>
            </dd>
          </div>
        ))}
      </dl>
      {standing && (
        <p className={`scan-chart__standing scan-chart__standing--${standing}`}>
          {t(`account.scans.chart.${standing}`)}
        </p>
      )}
    </figure>
  )
}
