// One feed advice, opened (the server marks it read): the horse as the calculator was told about it, and the advice:
// grams and scoops a day (given in 3 feedings, spec §9), portions and days per package.
import { useTranslation } from 'react-i18next'
import type { AccountFeedAdvice } from '../../domain/account-scans.ts'
import { intlLocaleOf } from '../../domain/locale.ts'
import { FEEDINGS_PER_DAY } from '../../domain/scan.ts'
import { useRootData } from '../root/use-root-data.ts'

export function FeedAdviceView({ advice }: { advice: AccountFeedAdvice }) {
  const { t } = useTranslation()
  const { locale } = useRootData()
  const number = (value: number, digits = 0) =>
    new Intl.NumberFormat(intlLocaleOf(locale.language), { maximumFractionDigits: digits }).format(value)
  const { inputs, advice: a } = advice
  return (
    <article className="feed-advice" aria-labelledby="feed-advice-horse">
      <h2 id="feed-advice-horse" className="scan-result__name">
        {advice.horseName}
      </h2>
      {a.productName && <p className="feed-advice__product">{t('account.advice.for', { product: a.productName })}</p>}
      <dl className="feed-advice__figures">
        <div>
          <dt>{t('account.advice.gramsPerDay')}</dt>
          <dd>{number(a.gramsPerDay)} g</dd>
        </div>
        <div>
          <dt>{t('account.advice.scoopsPerDay')}</dt>
          <dd>
            {number(a.scoopsPerDay, 1)}
            <span className="feed-advice__note"> {t('account.advice.feedings', { feedings: FEEDINGS_PER_DAY })}</span>
          </dd>
        </div>
        <div>
          <dt>{t('account.advice.portionsPerPackage')}</dt>
          <dd>{number(a.portionsPerPackage)}</dd>
        </div>
        <div>
          <dt>{t('account.advice.daysPerPackage')}</dt>
          <dd>{number(a.daysPerPackage)}</dd>
        </div>
      </dl>
      <h3>{t('account.advice.inputs')}</h3>
      <dl className="account-facts">
        <div>
          <dt>{t('account.advice.horseType')}</dt>
          <dd>{t(`account.advice.horseTypes.${inputs.horseType}`)}</dd>
        </div>
        <div>
          <dt>{t('account.advice.roughageType')}</dt>
          <dd>{t(`account.advice.roughageTypes.${inputs.roughageType}`)}</dd>
        </div>
        <div>
          <dt>{t('account.advice.weight')}</dt>
          <dd>{number(inputs.weightKg)} kg</dd>
        </div>
        <div>
          <dt>{t('account.advice.workHours')}</dt>
          <dd>{t('account.advice.hoursPerWeek', { hours: number(inputs.workHoursPerWeek, 1) })}</dd>
        </div>
        <div>
          <dt>{t('account.advice.energyLevel')}</dt>
          <dd>{t(`account.advice.energyLevels.${inputs.energyLevel}`)}</dd>
        </div>
      </dl>
    </article>
  )
}
