// An address as a shopper gives it: in the Netherlands, Belgium and Germany one search field ("postcode and house
// number" or "street and number") whose suggestions fill in the address (spec §7: from the first character, after
// 300 ms, 10 ms while the input is 3 characters or fewer, each new input cancelling the last search); elsewhere, or
// when the shopper prefers, the fields themselves. The country is the site's unless the shopper changes it. The rules
// are the domain's (address-rules.ts), the same the server applies, plus the country's zip-code exclusions.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import {
  ADDRESS_CONTEXTS,
  AUTOCOMPLETE_MIN_LENGTH,
  autocompleteDelay,
  type AddressContext,
  type AddressMatch,
} from '../../domain/address-autocomplete.ts'
import { isDeliveryCountry, MAX_LENGTH, postcodePlaceholder } from '../../domain/address-rules.ts'
import { checkShippingAddress } from '../../domain/checkout-rules.ts'
import type { Address } from '../../domain/address.ts'
import type { Country, ZipcodeExclusion } from '../../domain/country.ts'
import type { ShopApi } from '../api/shop-api.ts'
import { useRootData } from '../root/use-root-data.ts'
import { useServices } from '../services.tsx'
import type { DraftValues } from '../data/checkout-drafts.ts'
import { ErrorText, Field, type FieldErrors } from './form-field.tsx'

/** The address form's values as typed (all text, so a draft keeps them as they were). */
export interface AddressDraft {
  countryCode: string
  zipcode: string
  street: string
  streetNumber: string
  streetNumberAddition: string
  city: string
  /** The text in the search field. */
  search: string
  /** 'found': chosen from the suggestions; 'manual': typed field by field; 'search': not chosen yet. */
  mode: 'search' | 'found' | 'manual'
}

export const emptyAddressDraft = (countryCode: string): AddressDraft => ({
  countryCode,
  zipcode: '',
  street: '',
  streetNumber: '',
  streetNumberAddition: '',
  city: '',
  search: '',
  mode: contextOf(countryCode) ? 'search' : 'manual',
})

/** The draft of an address the cart already has (shown as found: the shopper gave it before). */
export function addressDraftOf(address: Address, countries: readonly Country[]): AddressDraft | null {
  const country = countries.find((c) => c.countryId === address.countryId)
  if (!country || !address.street) return null
  return {
    countryCode: country.regionCode,
    zipcode: address.zipcode,
    street: address.street,
    streetNumber: address.streetNumber,
    streetNumberAddition: address.streetNumberAddition,
    city: address.city,
    search: '',
    mode: 'found',
  }
}

/** An address draft read back from a form's draft, its fields under `address.`; what is missing or odd: `fallback`'s. */
export function addressDraftFrom(values: DraftValues, fallback: AddressDraft): AddressDraft {
  const text = (key: keyof AddressDraft) => {
    const value = values[`address.${key}`]
    return typeof value === 'string' ? value : fallback[key]
  }
  const mode = text('mode')
  return {
    countryCode: text('countryCode'),
    zipcode: text('zipcode'),
    street: text('street'),
    streetNumber: text('streetNumber'),
    streetNumberAddition: text('streetNumberAddition'),
    city: text('city'),
    search: text('search'),
    mode: mode === 'found' || mode === 'manual' || mode === 'search' ? mode : fallback.mode,
  }
}

const contextOf = (countryCode: string): AddressContext | undefined =>
  (Object.entries(ADDRESS_CONTEXTS) as [AddressContext, string][]).find(([, code]) => code === countryCode)?.[0]

/**
 * The delivery address the draft describes, checked by the checkout's rules (src/domain/checkout-rules.ts, as the
 * server applies them: the country's formats, the Dutch-address rule, the country's zip-code exclusions), or the
 * errors by field ('zipcode', 'countryCode', 'search' while no address is chosen).
 */
export function checkAddress(
  draft: AddressDraft,
  countries: readonly Country[],
  siteCountry: string,
  exclusions: readonly ZipcodeExclusion[],
): { address: Address; errors: null } | { address: null; errors: FieldErrors } {
  const country = countries.find((c) => c.regionCode === draft.countryCode)
  const checked = checkShippingAddress(
    {
      zipcode: draft.zipcode,
      street: draft.street,
      streetNumber: draft.streetNumber,
      streetNumberAddition: draft.streetNumberAddition,
      city: draft.city,
      countryId: country?.countryId ?? null,
    },
    {
      siteCountry,
      country: country && {
        countryId: country.countryId,
        regionCode: country.regionCode,
        zipcodeExclusions: exclusions,
      },
      delivery: true,
    },
  )
  const errors: FieldErrors = {}
  for (const error of checked.ok ? [] : checked.errors) {
    const field = error.path === 'address.countryId' ? 'countryCode' : error.path.replace(/^address\./, '')
    if (draft.mode === 'search' && field !== 'countryCode') continue
    errors[field] ??= { key: error.key, params: error.params }
  }
  if (draft.mode === 'search' && !errors.countryCode)
    errors.search = { key: draft.search.trim() ? 'checkout.address.choose' : 'validation.required', params: {} }
  return checked.ok && Object.keys(errors).length === 0
    ? { address: checked.value, errors: null }
    : { address: null, errors }
}

let countriesOnce: Promise<Country[]> | undefined
/** Asks for the countries the shop delivers to, once per page load (a failed question is asked again next time). */
export function deliveryCountries(api: ShopApi): Promise<Country[]> {
  countriesOnce ??= api.countries().then(
    (all) => all.filter((c) => isDeliveryCountry(c.regionCode)),
    (error: unknown) => {
      countriesOnce = undefined
      throw error
    },
  )
  return countriesOnce
}

/** The countries the shop delivers to, in the page's language (asked once per page load). */
export function useDeliveryCountries(): Country[] {
  const { api } = useServices()
  const [countries, setCountries] = useState<Country[]>([])
  useEffect(() => {
    let current = true
    deliveryCountries(api).then(
      (list) => current && setCountries(list),
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [api])
  return countries
}

/** The zip-code exclusions of a country, asked when it is chosen. */
export function useExclusions(countries: readonly Country[], countryCode: string): ZipcodeExclusion[] {
  const { api } = useServices()
  const [exclusions, setExclusions] = useState<ZipcodeExclusion[]>([])
  const countryId = countries.find((c) => c.regionCode === countryCode)?.countryId
  useEffect(() => {
    if (countryId === undefined) return
    const abort = new AbortController()
    api.zipcodeExclusions(countryId, abort.signal).then(setExclusions, () => setExclusions([]))
    return () => abort.abort()
  }, [api, countryId])
  return exclusions
}

export function siteCountryCode(countries: readonly Country[], siteCountryId: number): string {
  return countries.find((c) => c.countryId === siteCountryId)?.regionCode ?? ''
}

/** The site's country code among `countries`; until they have come (and in the first HTML), the page's own. */
export function useSiteCountryCode(countries: readonly Country[]): string {
  const { site, siteCountry } = useRootData()
  return siteCountryCode(countries, site.countryId) || (siteCountry?.code ?? '')
}

export function AddressFields({
  name,
  draft,
  onChange,
  errors,
  onLeave,
  countries,
}: {
  /** Prefix of the field names and ids: 'billing', 'shipping'. */
  name: string
  draft: AddressDraft
  onChange: (next: AddressDraft) => void
  errors: FieldErrors
  /** A field was left: check it. */
  onLeave: (field: keyof AddressDraft) => void
  countries: readonly Country[]
}) {
  const { t } = useTranslation()
  const { siteCountry: rootCountry } = useRootData()
  const siteCountry = useSiteCountryCode(countries)
  const [choosingCountry, setChoosingCountry] = useState(false)
  const set = (patch: Partial<AddressDraft>) => onChange({ ...draft, ...patch })
  const country =
    countries.find((c) => c.regionCode === draft.countryCode) ??
    (rootCountry?.code === draft.countryCode ? rootCountry : undefined)
  const context = contextOf(draft.countryCode)
  const placeholder = isDeliveryCountry(draft.countryCode) ? postcodePlaceholder(draft.countryCode) : undefined
  const showCountrySelect = choosingCountry || draft.countryCode !== siteCountry || errors.countryCode !== undefined

  return (
    <>
      {showCountrySelect ? (
        <div className={errors.countryCode ? 'field field--invalid' : 'field'}>
          <label htmlFor={`${name}-country`}>{t('checkout.address.country')}</label>
          <select
            id={`${name}-country`}
            name={`${name}-country`}
            autoComplete={`${name} country`}
            value={draft.countryCode}
            aria-invalid={errors.countryCode ? true : undefined}
            aria-describedby={errors.countryCode ? `${name}-country-error` : undefined}
            onChange={(event) => {
              const code = event.target.value
              onChange({ ...emptyAddressDraft(code), search: '' })
            }}
            onBlur={() => onLeave('countryCode')}
          >
            {countries.map((c) => (
              <option key={c.countryId} value={c.regionCode}>
                {c.name}
              </option>
            ))}
          </select>
          <ErrorText id={`${name}-country-error`} error={errors.countryCode} />
        </div>
      ) : (
        <p className="field__hint">
          {t('checkout.address.deliveringIn', { country: country?.name ?? '' })}{' '}
          <button type="button" className="link-button" onClick={() => setChoosingCountry(true)}>
            {t('checkout.address.otherCountry')}
          </button>
        </p>
      )}

      {draft.mode === 'found' && (
        <div className="address-found" data-testid={`${name}-address-found`}>
          <p>
            {draft.street} {draft.streetNumber}
            {draft.streetNumberAddition && ` ${draft.streetNumberAddition}`}
            <br />
            {draft.zipcode} {draft.city}
          </p>
          <button type="button" className="link-button" onClick={() => set({ mode: 'manual' })}>
            {t('checkout.address.change')}
          </button>
          <ErrorText id={`${name}-found-error`} error={errors.zipcode ?? errors.street ?? errors.streetNumber} />
        </div>
      )}

      {draft.mode === 'search' && context && (
        <>
          <AddressSearch
            name={name}
            context={context}
            value={draft.search}
            error={errors.search}
            onChange={(search) => set({ search })}
            onLeave={() => onLeave('search')}
            onChoose={(address) =>
              onChange({
                ...draft,
                mode: 'found',
                zipcode: address.zipcode,
                street: address.street,
                streetNumber: address.streetNumber,
                streetNumberAddition: address.streetNumberAddition,
                city: address.city,
              })
            }
          />
          <button type="button" className="link-button" onClick={() => set({ mode: 'manual' })}>
            {t('checkout.address.manual')}
          </button>
        </>
      )}

      {draft.mode === 'manual' && (
        <>
          <div className="field-row">
            <Field
              name={`${name}-zipcode`}
              label={t('checkout.address.zipcode')}
              value={draft.zipcode}
              onChange={(zipcode) => set({ zipcode })}
              onLeave={() => onLeave('zipcode')}
              error={errors.zipcode}
              autoComplete={`${name} postal-code`}
              placeholder={placeholder}
              maxLength={MAX_LENGTH.zipcode}
            />
            <Field
              name={`${name}-city`}
              label={t('checkout.address.city')}
              value={draft.city}
              onChange={(city) => set({ city })}
              onLeave={() => onLeave('city')}
              error={errors.city}
              autoComplete={`${name} address-level2`}
              maxLength={MAX_LENGTH.city}
            />
          </div>
          <Field
            name={`${name}-street`}
            label={t('checkout.address.street')}
            value={draft.street}
            onChange={(street) => set({ street })}
            onLeave={() => onLeave('street')}
            error={errors.street}
            autoComplete={`${name} address-line1`}
            maxLength={MAX_LENGTH.street}
          />
          <div className="field-row field-row--number">
            <Field
              name={`${name}-number`}
              label={t('checkout.address.number')}
              value={draft.streetNumber}
              onChange={(streetNumber) => set({ streetNumber })}
              onLeave={() => onLeave('streetNumber')}
              error={errors.streetNumber}
              inputMode="numeric"
              autoComplete={`${name} address-line2`}
              maxLength={MAX_LENGTH.streetNumber}
            />
            <Field
              name={`${name}-addition`}
              label={t('checkout.address.addition')}
              value={draft.streetNumberAddition}
              onChange={(streetNumberAddition) => set({ streetNumberAddition })}
              onLeave={() => onLeave('streetNumberAddition')}
              error={errors.streetNumberAddition}
              autoComplete={`${name} address-line3`}
              maxLength={MAX_LENGTH.streetNumberAddition}
              optional
            />
          </div>
          {context && (
            <button type="button" className="link-button" onClick={() => set({ mode: 'search' })}>
              {t('checkout.address.searchAgain')}
            </button>
          )}
        </>
      )}
    </>
  )
}

/** The search field with its suggestions: a combobox (WAI-ARIA 1.2) the keyboard and a screen reader can use. */
function AddressSearch({
  name,
  context,
  value,
  error,
  onChange,
  onLeave,
  onChoose,
}: {
  name: string
  context: AddressContext
  value: string
  error: FieldErrors[string] | undefined
  onChange: (value: string) => void
  onLeave: () => void
  onChoose: (address: Address) => void
}) {
  const { t } = useTranslation()
  const { api } = useServices()
  const { language } = useRootData()
  const listId = useId()
  const [matches, setMatches] = useState<AddressMatch[]>([])
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [status, setStatus] = useState<'idle' | 'none' | 'failed'>('idle')
  const search = useRef<AbortController | null>(null)

  // Each input cancels the search before it (spec §7), and starts its own after the delay for its length.
  useEffect(() => {
    search.current?.abort()
    const term = value.trim()
    if (term.length < AUTOCOMPLETE_MIN_LENGTH) {
      setMatches([])
      setStatus('idle')
      return
    }
    const abort = new AbortController()
    search.current = abort
    const timer = setTimeout(() => {
      api.addressAutocomplete(term, context, language.code, 'default', abort.signal).then(
        (answer) => {
          if (abort.signal.aborted) return
          setMatches(answer.matches)
          setActive(-1)
          setStatus(answer.matches.length === 0 ? 'none' : 'idle')
        },
        () => {
          if (!abort.signal.aborted) setStatus('failed')
        },
      )
    }, autocompleteDelay(term))
    return () => {
      clearTimeout(timer)
      abort.abort()
    }
  }, [api, context, language.code, value])

  const choose = (match: AddressMatch) => {
    setOpen(false)
    api.addressDetails(match.value).then(onChoose, () => setStatus('failed'))
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && matches.length > 0) {
      event.preventDefault()
      setOpen(true)
      setActive((i) => (i + 1) % matches.length)
    } else if (event.key === 'ArrowUp' && matches.length > 0) {
      event.preventDefault()
      setActive((i) => (i <= 0 ? matches.length - 1 : i - 1))
    } else if (event.key === 'Enter' && open && active >= 0) {
      event.preventDefault()
      choose(matches[active]!)
    } else if (event.key === 'Escape') {
      setOpen(false)
    }
  }

  const id = `field-${name}-search`
  const shown = open && matches.length > 0
  const hintId = `${id}-hint`
  const messageId = `${id}-message`
  return (
    <div className={error ? 'field field--invalid address-search' : 'field address-search'}>
      <label htmlFor={id}>{t('checkout.address.search')}</label>
      <div className="address-search__box">
        <input
          id={id}
          name={`${name}-search`}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={listId}
          aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, error ? `${id}-error` : null, status !== 'idle' ? messageId : null]
            .filter(Boolean)
            .join(' ')}
          autoComplete="off"
          value={value}
          maxLength={100}
          onChange={(event) => {
            onChange(event.target.value)
            setOpen(true)
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            // A tap on a suggestion blurs the field first: leave it time to count.
            setTimeout(() => setOpen(false), 150)
            onLeave()
          }}
          onKeyDown={onKeyDown}
          required
        />
        <ul
          id={listId}
          role="listbox"
          className="address-search__list"
          hidden={!shown}
          aria-label={t('checkout.address.suggestions')}
        >
          {matches.map((match, index) => (
            // oxlint-disable-next-line jsx-a11y/click-events-have-key-events -- the keyboard works through the combobox (aria-activedescendant)
            <li
              key={match.value}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(match)}
            >
              <Highlighted label={match.label} highlights={match.highlights} />
            </li>
          ))}
        </ul>
      </div>
      <p id={hintId} className="field__hint">
        {t('checkout.address.searchHint', { example: t(`checkout.address.example.${context}`) })}
      </p>
      {status !== 'idle' && (
        <p id={messageId} className="field__hint" role="status">
          {t(status === 'none' ? 'checkout.address.noMatch' : 'checkout.address.searchFailed')}
        </p>
      )}
      <ErrorText id={`${id}-error`} error={error} />
    </div>
  )
}

function Highlighted({ label, highlights }: { label: string; highlights: [number, number][] }) {
  const parts: React.ReactNode[] = []
  let at = 0
  for (const [start, end] of highlights) {
    if (start > at) parts.push(label.slice(at, start))
    parts.push(<mark key={start}>{label.slice(start, end)}</mark>)
    at = end
  }
  parts.push(label.slice(at))
  return <>{parts}</>
}
