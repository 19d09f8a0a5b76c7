// The delivery step: home delivery to the billing address (nothing to fill in: the usual case stays short), another
// address (found by its postcode like the billing one), or a DPD pickup point found by postcode, city or street and
// listed nearest first with its opening hours; each with what it costs this cart. The server's cart is the truth: the
// step opens with its choice (the cart page's home or pickup point included) and shows its point again. What is typed
// is kept on the device as it is typed; without the network nothing is sent and the button says why.
import './delivery.css'
import { useAtomValue } from 'jotai'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import type { Address } from '../../domain/address.ts'
import { MAX_LENGTH } from '../../domain/address-rules.ts'
import type { ShippingMethodOption } from '../../domain/cart.ts'
import { useCart } from '../cart/cart-state.ts'
import { useCartTotals } from '../cart/cart-totals.ts'
import { readDraft, saveDraft, type DraftValues } from '../data/checkout-drafts.ts'
import { connectivityAtom } from '../pwa/connectivity.ts'
import { useRootData } from '../root/use-root-data.ts'
import { useServices } from '../services.tsx'
import { itemOfLine, trackAddShippingInfo } from '../tracking/ecommerce.ts'
import { Price } from '../ui/price.tsx'
import {
  AddressFields,
  addressDraftFrom,
  addressDraftOf,
  checkAddress,
  emptyAddressDraft,
  siteCountryCode,
  useDeliveryCountries,
  useExclusions,
  type AddressDraft,
} from './address-fields.tsx'
import { errorMessage, serverFieldErrors } from './checkout-errors.ts'
import { CheckoutLayout } from './checkout-layout.tsx'
import { checkoutPath, isUnreachable, useCheckout, useGate, type CheckoutState } from './checkout-state.ts'
import {
  costOf,
  deliveryCalls,
  DELIVERY_CHOICES,
  initialChoice,
  offeredChoices,
  SHIPPING_TIER,
  type DeliveryCall,
  type DeliveryChoice,
} from './delivery-choice.ts'
import type { FieldErrors } from './form-field.tsx'
import { NameFields } from './name-fields.tsx'
import { PickupPoints } from './pickup-points.tsx'

type Ready = Extract<CheckoutState, { status: 'ready' }>

interface DeliveryForm {
  choice: DeliveryChoice
  address: AddressDraft
  /** Who receives the parcel at another address: the billing person's names to start with. */
  firstName: string
  lastName: string
  /** The pickup point search as typed. */
  search: string
  /** The term of the points listed (the cart keeps it with the point as dpdParcelShopZipcodeOrCity). */
  searched: string
  /** The chosen point, sent or not yet. */
  pointId: string
}

const FORM = 'delivery'
const SAVE_DELAY_MS = 300

function toDraft(form: DeliveryForm): DraftValues {
  const { address, ...rest } = form
  const values: DraftValues = { ...rest }
  for (const [key, value] of Object.entries(address)) values[`address.${key}`] = value
  return values
}

function fromDraft(values: DraftValues, fallback: DeliveryForm, cartHasPoint: boolean): DeliveryForm {
  const text = (key: string, otherwise: string) => (typeof values[key] === 'string' ? values[key] : otherwise)
  const choice = text('choice', '')
  return {
    choice: (DELIVERY_CHOICES as readonly string[]).includes(choice) ? (choice as DeliveryChoice) : fallback.choice,
    address: addressDraftFrom(values, fallback.address),
    firstName: text('firstName', fallback.firstName),
    lastName: text('lastName', fallback.lastName),
    search: text('search', fallback.search),
    // The cart's point is the one chosen; the draft's only while the cart has none.
    searched: cartHasPoint ? fallback.searched : text('searched', fallback.searched),
    pointId: cartHasPoint ? fallback.pointId : text('pointId', fallback.pointId),
  }
}

export function Component() {
  const { t } = useTranslation()
  const { state, reload, cartId } = useCheckout()
  const allowed = useGate('delivery', state)
  // A network lost on this page keeps the form (and what is typed) on screen with the last cart the server gave.
  const [lastReady, setLastReady] = useState<Ready | null>(null)
  if (state.status === 'ready' && state !== lastReady) setLastReady(state)
  const shown = state.status === 'ready' ? state : state.status === 'offline' ? lastReady : null
  return (
    <CheckoutLayout step="delivery" state={state} title={t('checkout.delivery.title')}>
      {allowed && shown && cartId ? (
        <DeliveryFormView cartId={cartId} state={shown} reload={reload} />
      ) : state.status === 'loading' ? (
        <p role="status">{t('checkout.loading')}</p>
      ) : null}
    </CheckoutLayout>
  )
}

function DeliveryFormView({ cartId, state, reload }: { cartId: string; state: Ready; reload: () => Promise<void> }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { api } = useServices()
  const { site, language, currency } = useRootData()
  const { view, sendNow } = useCart()
  const totals = useCartTotals(view)
  const offline = useAtomValue(connectivityAtom) === 'offline'
  const countries = useDeliveryCountries()
  const siteCountry = siteCountryCode(countries, site.countryId)
  const [form, setForm] = useState<DeliveryForm | null>(null)
  const [methods, setMethods] = useState<ShippingMethodOption[] | null>(null)
  const [touched, setTouched] = useState<Set<string>>(new Set())
  const [submitted, setSubmitted] = useState(false)
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  const [sending, setSending] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const exclusions = useExclusions(countries, form?.address.countryCode ?? '')
  const formRef = useRef<HTMLFormElement>(null)
  const { cart } = state
  const billing = cart.billing
  const billingCountry = countries.find((c) => c.countryId === billing?.address.countryId)

  // What this cart's deliveries cost (and which the site offers it).
  useEffect(() => {
    const abort = new AbortController()
    api.shippingMethods(cartId, abort.signal).then(setMethods, () => undefined)
    return () => abort.abort()
  }, [api, cartId])

  // The form starts from the cart, with what this device kept of what was typed.
  useEffect(() => {
    if (form !== null || countries.length === 0) return
    const hasPoint = cart.shipping?.shippingMethod === 1 && cart.dpdParcelShopId !== null
    const alternative = cart.shipping?.address ? addressDraftOf(cart.shipping.address, countries) : null
    const recipient =
      cart.shipping?.address?.firstName || cart.shipping?.address?.lastName ? cart.shipping.address : billing
    const fromCart: DeliveryForm = {
      choice: initialChoice(cart, null, DELIVERY_CHOICES),
      address: alternative ?? emptyAddressDraft(billingCountry?.regionCode ?? siteCountry),
      firstName: recipient?.firstName ?? '',
      lastName: recipient?.lastName ?? '',
      search: cart.dpdParcelShopZipcodeOrCity ?? '',
      searched: hasPoint ? (cart.dpdParcelShopZipcodeOrCity ?? '') : '',
      pointId: hasPoint ? (cart.dpdParcelShopId ?? '') : '',
    }
    let current = true
    const start = (draft: DraftValues | null) => {
      if (!current) return
      const drafted = draft ? fromDraft(draft, fromCart, hasPoint) : fromCart
      const choice = draft?.choice
      setForm({
        ...drafted,
        // The cart decides the choice; a draft only tells of another address begun.
        choice: initialChoice(cart, choice === 'alternative' ? 'alternative' : null, DELIVERY_CHOICES),
        // Another address the cart holds is the one given; the draft's when the cart has none.
        address: cart.alternativeShippingAddress && alternative ? alternative : drafted.address,
        ...(cart.alternativeShippingAddress &&
          alternative && { firstName: fromCart.firstName, lastName: fromCart.lastName }),
      })
    }
    readDraft(site.siteId, FORM).then(start, () => start(null))
    return () => {
      current = false
    }
  }, [form, countries, siteCountry, billingCountry, billing, cart, site.siteId])

  // Kept on the device as it is typed (a little after the last key), and at once when the form goes.
  const latest = useRef(form)
  useEffect(() => {
    latest.current = form
  }, [form])
  useEffect(() => {
    if (!form) return
    const timer = setTimeout(() => void saveDraft(site.siteId, FORM, toDraft(form)), SAVE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [form, site.siteId])
  useEffect(
    () => () => {
      if (latest.current) void saveDraft(site.siteId, FORM, toDraft(latest.current))
    },
    [site.siteId],
  )

  if (!form) return <p role="status">{t('checkout.loading')}</p>

  const offered = offeredChoices(methods)
  const choice = offered.includes(form.choice) ? form.choice : 'home'
  const checked = checkAddress(form.address, countries, siteCountry, exclusions)
  const addressErrors: FieldErrors = {}
  for (const [field, error] of Object.entries(serverErrors))
    if (field.startsWith('address.')) addressErrors[field.slice('address.'.length)] = error
  if (checked.errors)
    for (const [field, error] of Object.entries(checked.errors))
      if (submitted || touched.has(field)) addressErrors[field] ??= error
  // The recipient's names: optional (empty sends the parcel to the billing person), bounded like the billing names.
  const nameErrors: FieldErrors = {}
  for (const field of ['firstName', 'lastName'] as const) {
    const server = addressErrors[field]
    if (server) nameErrors[field] = server
    else if (form[field].trim().length > MAX_LENGTH[field] && (submitted || touched.has(field)))
      nameErrors[field] = { key: 'validation.maxLength', params: {} }
  }
  const pointError =
    choice === 'pickup' && submitted && !form.pointId ? { key: 'checkout.delivery.choosePoint', params: {} } : undefined

  const update = (patch: Partial<DeliveryForm>) => {
    setForm((current) => (current ? { ...current, ...patch } : current))
    setFailure(null)
    if (patch.address) setServerErrors({})
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (offline) return
    setSubmitted(true)
    const names = Object.keys(nameErrors).length === 0
    const recipient = { firstName: form.firstName.trim(), lastName: form.lastName.trim() }
    const calls = deliveryCalls(choice, cart, {
      address:
        choice === 'alternative' && checked.address && names ? { ...(checked.address as Address), ...recipient } : null,
      point: choice === 'pickup' && form.pointId ? { parcelShopId: form.pointId, zipcodeOrCity: form.searched } : null,
    })
    if (!calls) {
      focusFirstInvalid(formRef.current)
      return
    }
    setSending(true)
    setFailure(null)
    try {
      for (const call of calls) await send(call)
      // The device's cart learns the server's shipping method from its next sync: the cart page and the costs agree.
      if (calls.length > 0) sendNow()
      await reload()
      const items = state.calculation.products.map((line) =>
        itemOfLine(line, totals.products.get(line.productVariantId)),
      )
      if (items.length > 0) trackAddShippingInfo(items, currency, cart.discountCode, SHIPPING_TIER[choice])
      void navigate(checkoutPath(language.pathPrefix, 'payment'))
    } catch (error) {
      // The server checks another address by its country's rules too; its refusals stand by the fields.
      const fields = serverFieldErrors(error)
      if (choice === 'alternative' && Object.keys(fields).some((field) => field.startsWith('address.'))) {
        setServerErrors(fields)
        focusFirstInvalid(formRef.current)
      } else setFailure(isUnreachable(error) ? t('checkout.delivery.needsNetwork') : errorMessage(t, error))
    } finally {
      setSending(false)
    }
  }

  const send = (call: DeliveryCall) => {
    switch (call.call) {
      case 'alternative':
        return api.setAlternativeShipping(cartId, call.alternative)
      case 'shipping':
        return api.setShipping(cartId, {
          shippingMethod: call.shippingMethod,
          ...(call.address && { address: call.address }),
        })
      case 'pickupPoint':
        return api.setPickupPoint(cartId, call.parcelShopId, call.zipcodeOrCity)
    }
  }

  const name = billing ? `${billing.firstName} ${billing.lastName}` : ''
  return (
    <form ref={formRef} className="checkout-form" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset className="delivery-options">
        <legend>{t('checkout.delivery.how')}</legend>
        {offered.map((option) => {
          const cost = costOf(option, methods)
          return (
            <label key={option} className="delivery-option" data-choice={option}>
              <input
                type="radio"
                name="delivery"
                value={option}
                checked={choice === option}
                onChange={() => update({ choice: option })}
              />
              <span className="delivery-option__text">
                <span className="delivery-option__title">{t(`checkout.delivery.choice.${option}`)}</span>
                {option === 'home' && billing && (
                  <span className="delivery-option__detail" data-testid="home-address">
                    {name}
                    <br />
                    {streetLine(billing.address)}
                    <br />
                    {billing.address.zipcode} {billing.address.city}
                    {billingCountry && billingCountry.regionCode !== siteCountry && `, ${billingCountry.name}`}
                  </span>
                )}
              </span>
              {cost !== null && (
                <span className="delivery-option__price">
                  {cost === 0 ? t('cart.summary.free') : <Price cents={cost} euro={false} />}
                </span>
              )}
            </label>
          )
        })}
      </fieldset>

      {choice === 'alternative' && (
        <fieldset>
          <legend>{t('checkout.delivery.address')}</legend>
          <NameFields
            recipient
            values={form}
            errors={nameErrors}
            onChange={update}
            onLeave={(field) => setTouched((current) => new Set(current).add(field))}
          />
          <AddressFields
            name="shipping"
            draft={form.address}
            onChange={(address) => update({ address })}
            errors={addressErrors}
            onLeave={(field) => setTouched((current) => new Set(current).add(field))}
            countries={countries}
          />
        </fieldset>
      )}

      {choice === 'pickup' && (
        <PickupPoints
          search={form.search}
          searched={form.searched}
          pointId={form.pointId}
          country={billingCountry?.regionCode ?? siteCountry}
          error={pointError}
          onChange={update}
        />
      )}

      {failure && (
        <p className="checkout__error" role="alert">
          {failure}
        </p>
      )}
      <div className="checkout-actions">
        <button type="submit" className="button button--large" disabled={sending || offline}>
          {t(offline ? 'checkout.delivery.needsNetwork' : sending ? 'checkout.sending' : 'checkout.delivery.next')}
        </button>
      </div>
    </form>
  )
}

const streetLine = (address: Address) =>
  [address.street, address.streetNumber, address.streetNumberAddition].filter(Boolean).join(' ')

/** After a refused send, the first field with an error takes the focus (its message is read out with it). */
function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() =>
    form?.querySelector<HTMLElement>('[aria-invalid="true"], .pickup__points--invalid input')?.focus(),
  )
}
