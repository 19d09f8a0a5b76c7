// The feed calculator (spec §1, §2 Screens implied; /voercalculator/ and each language's word for it): the horse's
// type, roughage, weight, work, energy level and number of horses fed alike, and the advice of each suitable feed,
// worked out on the device by src/domain/feed-calculator.ts. The form lives in the address (a GET form, so it works
// before the scripts run and a link keeps the advice); the feeds come from the server or the device's catalogue, so
// the page works in the stable without a connection, with the horses saved on the device.
import './feed-calculator.css'
import { useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useLoaderData, useSearchParams } from 'react-router'
import { localPath, FEED_CALCULATOR_SLUGS } from '../../domain/catalogue-paths.ts'
import { calculateFeed, MAX_WORK_HOURS, WEIGHT_RANGE_KG } from '../../domain/feed-calculator.ts'
import {
  FEED_CALCULATOR_DEFAULTS,
  formFromQuery,
  queryOf,
  readForm,
  type FeedCalculatorForm,
} from '../../domain/feed-calculator-query.ts'
import { EnergyLevelSchema } from '../../domain/enums.ts'
import { HorseTypeSchema, RoughageTypeSchema } from '../../domain/scan.ts'
import { FreshnessNote } from '../catalogue/freshness-note.tsx'
import { useHydrated } from '../catalogue/use-hydrated.ts'
import { PageHead } from '../content/page-head.tsx'
import { appPageHref } from '../localization/switcher.tsx'
import { PageHeading } from '../navigation/page-heading.tsx'
import { useRootData } from '../root/use-root-data.ts'
import { FeedAdviceResult } from './feed-advice-result.tsx'
import type { FeedCalculatorData } from './feed-calculator.data.ts'
import { SavedHorses } from './saved-horses.tsx'
import { inSteps } from '../data/in-steps.ts'

const SAVE_LAST_AFTER_MS = 400
const horses = inSteps(() => import('../data/horses.ts'))

export function Component() {
  const { t } = useTranslation()
  const { products, freshness } = useLoaderData<FeedCalculatorData>()
  const { site, language, locale, switcher, brand } = useRootData()
  const [params, setParams] = useSearchParams()
  const form = formFromQuery(params) ?? FEED_CALCULATOR_DEFAULTS
  const hydrated = useHydrated()
  const resultRef = useRef<HTMLHeadingElement>(null)
  const ids = useId()
  const saveTimer = useRef<ReturnType<typeof setTimeout>>(undefined)

  const show = (next: FeedCalculatorForm) => {
    setParams(queryOf(next), { replace: true, preventScrollReset: true })
    clearTimeout(saveTimer.current)
    saveTimer.current = setTimeout(() => {
      void horses().then(({ saveLastForm }) => saveLastForm(site.siteId, next))
    }, SAVE_LAST_AFTER_MS)
  }
  const change = (field: keyof FeedCalculatorForm) => (event: { target: { value: string } }) =>
    show({ ...form, [field]: event.target.value })

  // Opened without a horse in the address: as it was last left on this device.
  const openedWithForm = useRef(formFromQuery(params) !== null)
  useEffect(() => {
    if (openedWithForm.current) return
    let current = true
    void horses()
      .then(({ readLastForm }) => readLastForm(site.siteId))
      .then((last) => {
        if (current && last && queryOf(last).size > 0)
          setParams(queryOf(last), { replace: true, preventScrollReset: true })
      })
      .catch(() => undefined)
    return () => {
      current = false
    }
  }, [site.siteId, setParams])

  const read = readForm(form)
  const calculation = read.ok && products ? calculateFeed(read.inputs, products, locale.language) : null
  const horseType = HorseTypeSchema.safeParse(form.type).data ?? 'horse'
  const [min, max] = WEIGHT_RANGE_KG[horseType]
  const typeLabel = t(`account.advice.horseTypes.${horseType}`)
  const measured = form.dm !== '' || form.de !== ''
  const path = localPath(language.pathPrefix, FEED_CALCULATOR_SLUGS[locale.language])
  // The same page on the brand's other sites and languages (hreflang).
  const alternates = switcher
    .filter((option) => option.brand === brand)
    .map((option) => ({
      siteId: option.siteId,
      languageId: option.languageId,
      url: appPageHref(option, FEED_CALCULATOR_SLUGS),
    }))

  return (
    <article className="feed-calculator">
      <PageHead
        title={`${t('feedCalculator.title')} | ${site.brandName}`}
        description={t('feedCalculator.metaDescription')}
        path={path}
        alternates={alternates}
      />
      <PageHeading>{t('feedCalculator.title')}</PageHeading>
      <p className="feed-calculator__intro">{t('feedCalculator.intro')}</p>
      <FreshnessNote freshness={freshness} />
      <form
        className="feed-calculator__form"
        method="get"
        action={path}
        onSubmit={(event) => {
          event.preventDefault()
          resultRef.current?.focus()
        }}
      >
        <fieldset>
          <legend>{t('feedCalculator.form.legend')}</legend>
          <div className="field">
            <label htmlFor={`${ids}-type`}>{t('feedCalculator.form.horseType')}</label>
            <select id={`${ids}-type`} name="type" value={form.type} onChange={change('type')}>
              {HorseTypeSchema.options.map((type) => (
                <option key={type} value={type}>
                  {t(`account.advice.horseTypes.${type}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${ids}-roughage`}>{t('feedCalculator.form.roughageType')}</label>
            <select id={`${ids}-roughage`} name="roughage" value={form.roughage} onChange={change('roughage')}>
              {RoughageTypeSchema.options.map((type) => (
                <option key={type} value={type}>
                  {t(`account.advice.roughageTypes.${type}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${ids}-weight`}>{t('feedCalculator.form.weight')}</label>
            <input
              id={`${ids}-weight`}
              name="weight"
              inputMode="decimal"
              autoComplete="off"
              value={form.weight}
              onChange={change('weight')}
              aria-describedby={`${ids}-weight-hint`}
            />
            <p id={`${ids}-weight-hint`} className="field__hint">
              {t('feedCalculator.form.weightHint', { horseType: typeLabel, min: String(min), max: String(max) })}
            </p>
          </div>
          <div className="field">
            <label htmlFor={`${ids}-work`}>{t('feedCalculator.form.workHours')}</label>
            <input
              id={`${ids}-work`}
              name="work"
              inputMode="decimal"
              autoComplete="off"
              value={form.work}
              onChange={change('work')}
              aria-describedby={`${ids}-work-hint`}
            />
            <p id={`${ids}-work-hint`} className="field__hint">
              {t('feedCalculator.form.workHint')}
            </p>
          </div>
          <fieldset className="feed-calculator__energy">
            <legend>{t('feedCalculator.form.energyLevel')}</legend>
            {EnergyLevelSchema.options.map((level) => (
              <label key={level} className="choice">
                <input
                  type="radio"
                  name="energy"
                  value={level}
                  checked={form.energy === level}
                  onChange={change('energy')}
                />
                <span>
                  {t(`account.advice.energyLevels.${level}`)}
                  <span className="field__hint"> {t(`feedCalculator.form.energyHints.${level}`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label htmlFor={`${ids}-horses`}>{t('feedCalculator.form.horses')}</label>
            <input
              id={`${ids}-horses`}
              name="horses"
              inputMode="numeric"
              autoComplete="off"
              value={form.horses}
              onChange={change('horses')}
            />
          </div>
          {measured && (
            <div className="feed-calculator__measured">
              <p>{t('feedCalculator.form.measured', { dryMatter: form.dm, energy: form.de })}</p>
              <input type="hidden" name="dm" value={form.dm} />
              <input type="hidden" name="de" value={form.de} />
              {hydrated && (
                <button
                  type="button"
                  className="button button--small button--secondary"
                  onClick={() => show({ ...form, dm: '', de: '' })}
                >
                  {t('feedCalculator.form.typical')}
                </button>
              )}
            </div>
          )}
          <button type="submit" className="button">
            {t('feedCalculator.form.calculate')}
          </button>
        </fieldset>
      </form>
      <FeedAdviceResult
        headingRef={resultRef}
        products={products}
        read={read}
        calculation={calculation}
        limits={{ horseType: typeLabel, min, max, maxWork: MAX_WORK_HOURS[horseType] }}
      />
      {hydrated && (
        <SavedHorses
          inputs={read.ok ? read.inputs : null}
          calculation={calculation}
          products={products ?? []}
          onOpen={show}
        />
      )}
    </article>
  )
}
