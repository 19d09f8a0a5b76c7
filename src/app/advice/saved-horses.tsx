// The horses of a stable, saved on the device with the calculator's form and the advice of their first feed: saved
// by name (again under the same name replaces it), opened back into the form, deleted, and, for a signed-in shopper,
// sent to the account as feed advice (spec §1: the account's unread feed advice). Offline all but the sending works.
import { useAtomValue } from 'jotai'
import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import type { StoredFeedAdviceSchema } from '../../domain/account-scans.ts'
import { HORSE_NAME_MAX, type FeedCalculation, type FeedCalculatorInputs } from '../../domain/feed-calculator.ts'
import { formOf, type FeedCalculatorForm } from '../../domain/feed-calculator-query.ts'
import type { FeedProduct } from '../../domain/feed-products.ts'
import { intlLocaleOf } from '../../domain/locale.ts'
import { accountAtom, ensureAccount } from '../account/account-state.ts'
import { useRootData } from '../root/use-root-data.ts'
import { useServices } from '../services.tsx'
import type { SavedHorse } from '../data/horses.ts'
import { inSteps } from '../data/in-steps.ts'

type StoredAdvice = z.output<typeof StoredFeedAdviceSchema>

/** The advice kept with a horse: its first feed (the lightest ration, or the minerals when roughage is enough). */
export function adviceToKeep(calculation: FeedCalculation | null, products: FeedProduct[]): StoredAdvice | null {
  if (!calculation?.ok) return null
  const first = calculation.energyFeeds[0] ?? calculation.fixedFeeds[0]
  if (!first) return null
  const smallest = first.packages.toSorted((a, b) => a.weightGrams - b.weightGrams)[0]
  return {
    gramsPerDay: first.gramsPerDay,
    scoopsPerDay: first.scoopsPerDay,
    portionsPerPackage: smallest?.portions ?? 0,
    daysPerPackage: smallest?.days ?? 0,
    productName: products.find((p) => p.productId === first.productId)?.name ?? null,
  }
}

const horses = inSteps(() => import('../data/horses.ts'))

export function SavedHorses({
  inputs,
  calculation,
  products,
  onOpen,
}: {
  inputs: FeedCalculatorInputs | null
  calculation: FeedCalculation | null
  products: FeedProduct[]
  onOpen: (form: FeedCalculatorForm) => void
}) {
  const { t } = useTranslation()
  const { site, locale } = useRootData()
  const services = useServices()
  const account = useAtomValue(accountAtom)
  const ids = useId()
  const [list, setList] = useState<SavedHorse[]>([])
  const [name, setName] = useState('')
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null)

  const reload = () =>
    horses()
      .then(({ readHorses }) => readHorses(site.siteId))
      .then(setList)
      .catch(() => undefined)
  useEffect(() => {
    void reload()
    void ensureAccount(services.api).catch(() => undefined)
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- once per site
  }, [site.siteId])

  const save = async () => {
    const trimmed = name.trim()
    if (!trimmed) return setMessage({ text: t('feedCalculator.horses.nameRequired'), error: true })
    if (!inputs) return
    const saved = await (
      await horses()
    ).saveHorse({ siteId: site.siteId, name: trimmed, inputs, advice: adviceToKeep(calculation, products) })
    if (!saved) return
    setName('')
    setMessage({ text: t('feedCalculator.horses.saved', { name: saved.name }), error: false })
    await reload()
  }

  const toAccount = async (horse: SavedHorse) => {
    if (!horse.advice) return
    try {
      const { accountDataApi } = await import('../account/account-data-api.ts')
      await accountDataApi(services.api).saveFeedAdvice({
        horseName: horse.name,
        inputs: horse.inputs,
        advice: horse.advice,
      })
      setMessage({ text: t('feedCalculator.horses.sentToAccount', { name: horse.name }), error: false })
    } catch {
      setMessage({ text: t('feedCalculator.horses.sendFailed'), error: true })
    }
  }

  const number = (value: number) => new Intl.NumberFormat(intlLocaleOf(locale.language)).format(value)
  return (
    <section className="saved-horses" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t('feedCalculator.horses.title')}</h2>
      <p>{t('feedCalculator.horses.intro')}</p>
      <form
        className="saved-horses__save"
        onSubmit={(event) => {
          event.preventDefault()
          void save()
        }}
      >
        <div className="field">
          <label htmlFor={`${ids}-name`}>{t('feedCalculator.horses.name')}</label>
          <input
            id={`${ids}-name`}
            value={name}
            maxLength={HORSE_NAME_MAX}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <button type="submit" className="button button--secondary" disabled={!inputs}>
          {t('feedCalculator.horses.save')}
        </button>
      </form>
      <p role="status" className={message?.error ? 'field__error' : 'saved-horses__message'}>
        {message?.text}
      </p>
      {list.length === 0 ? (
        <p>{t('feedCalculator.horses.none')}</p>
      ) : (
        <ul className="saved-horses__list">
          {list.map((horse) => (
            <li key={horse.id}>
              <span className="saved-horses__name">{horse.name}</span>
              <span className="saved-horses__summary">
                {t('feedCalculator.horses.summary', {
                  horseType: t(`account.advice.horseTypes.${horse.inputs.horseType}`),
                  weight: number(horse.inputs.weightKg),
                  hours: number(horse.inputs.workHoursPerWeek),
                })}
              </span>
              <span className="saved-horses__actions">
                <button
                  type="button"
                  className="button button--small"
                  aria-label={t('feedCalculator.horses.openLabel', { name: horse.name })}
                  onClick={() => onOpen(formOf(horse.inputs))}
                >
                  {t('feedCalculator.horses.open')}
                </button>
                {account.status === 'signedIn' && horse.advice && (
                  <button
                    type="button"
                    className="button button--small button--secondary"
                    aria-label={t('feedCalculator.horses.toAccountLabel', { name: horse.name })}
                    onClick={() => void toAccount(horse)}
                  >
                    {t('feedCalculator.horses.toAccount')}
                  </button>
                )}
                <button
                  type="button"
                  className="button button--small button--secondary"
                  aria-label={t('feedCalculator.horses.deleteLabel', { name: horse.name })}
                  onClick={() =>
                    void horses()
                      .then(({ deleteHorse }) => deleteHorse(horse.id))
                      .then(reload)
                  }
                >
                  {t('feedCalculator.horses.delete')}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
