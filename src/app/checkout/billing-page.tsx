// The billing step: name, e-mail, phone and the address (found by its postcode and number, or typed), with the
// company, VAT number and an account password only when the shopper asks for them, and the newsletter opt-in. A guest
// on a phone fills in at most six fields here. Each field is checked when it is left, by the same rules the server
// applies; what is typed is kept on the device as it is typed, so a reload or an app update loses nothing.
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { MAX_LENGTH } from '../../domain/address-rules.ts'
import type { Cart } from '../../domain/cart.ts'
import { nextStep } from '../../domain/checkout.ts'
import { deliveryAddressOf } from '../../domain/checkout-rules.ts'
import type { AccountAnswer } from '../../domain/account-api.ts'
import type { Country } from '../../domain/country.ts'
import { accountPath } from '../account/access.ts'
import { ensureAccount, useAccountState } from '../account/account-state.ts'
import { readDraft, saveDraft } from '../data/checkout-drafts.ts'
import { useRootData } from '../root/use-root-data.ts'
import { useServices } from '../services.tsx'
import {
  AddressFields,
  addressDraftOf,
  deliveryCountries,
  emptyAddressDraft,
  useSiteCountryCode,
  useDeliveryCountries,
  useExclusions,
} from './address-fields.tsx'
import { checkForm, fromDraft, toDraft, type BillingForm } from './billing-form.ts'
import { errorMessage, serverFieldErrors } from './checkout-errors.ts'
import { CheckoutLayout } from './checkout-layout.tsx'
import { checkoutPath, isUnreachable, useCheckout, useGate } from './checkout-state.ts'
import { Field, type FieldErrors } from './form-field.tsx'
import { NameFields } from './name-fields.tsx'

const FORM = 'billing'
const SAVE_DELAY_MS = 300

export function Component() {
  const { t } = useTranslation()
  const { state, reload, cartId } = useCheckout()
  const allowed = useGate('billing', state)
  const { api } = useServices()
  // What the form starts from is asked for beside the cart, not after it: on a line with a long round trip each
  // question in a row costs its own wait.
  useEffect(() => {
    void deliveryCountries(api).catch(() => undefined)
    void ensureAccount(api).catch(() => undefined)
  }, [api])
  return (
    <CheckoutLayout step="billing" state={state} title={t('checkout.billing.title')}>
      {/* Offline the form stays: what is typed is kept on the device, and sent once the network is back. While the
          cart is asked for (and in the server's HTML) the form is there, closed until it knows what it starts from. */}
      {allowed && (state.status === 'ready' || state.status === 'offline' || state.status === 'loading') ? (
        <BillingFormView
          cartId={cartId}
          cart={state.status === 'ready' ? state.cart : null}
          known={state.status !== 'loading'}
          reload={reload}
        />
      ) : null}
    </CheckoutLayout>
  )
}

function BillingFormView({
  cartId,
  cart,
  known,
  reload,
}: {
  cartId: string | null
  /** The server's cart; null while it cannot be reached. */
  cart: Cart | null
  /** Whether the cart has been asked for (answered, or found unreachable). */
  known: boolean
  reload: () => Promise<void>
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { api } = useServices()
  const { site, language, origin } = useRootData()
  const countries = useDeliveryCountries()
  const siteCountry = useSiteCountryCode(countries)
  // The empty form in the site's country, shown (closed) until `started`: what the form starts from is known then.
  const [form, setForm] = useState<BillingForm>(() => startingForm(null, null, [], siteCountry))
  const [started, setStarted] = useState(false)
  const [touched, setTouched] = useState<Set<string>>(new Set())
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  const [sending, setSending] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const exclusions = useExclusions(countries, form.address.countryCode)
  const formRef = useRef<HTMLFormElement>(null)
  // A signed-in shopper has an account: no password to choose.
  const hasAccount = useAccountState().status === 'signedIn'

  // The form starts from what this device kept, else from what the cart has, else (signed in) from the account,
  // else empty in the site's country.
  useEffect(() => {
    if (started || !known || countries.length === 0) return
    let current = true
    // The account is asked for once (without a network it stays unknown, and the form starts without it).
    const account = cart?.billing ? Promise.resolve(null) : ensureAccount(api).catch(() => null)
    void account.then((state) => {
      if (!current) return
      const signedIn = state?.status === 'signedIn' ? state.account : null
      const fromCart = startingForm(cart, signedIn, countries, siteCountry)
      const start = (next: BillingForm) => {
        if (!current) return
        setForm(next)
        setStarted(true)
      }
      readDraft(site.siteId, FORM).then(
        (draft) => start(draft ? fromDraft(draft, fromCart) : fromCart),
        () => start(fromCart),
      )
    })
    return () => {
      current = false
    }
  }, [started, known, countries, siteCountry, cart, site.siteId, api])

  // Kept on the device as it is typed (a little after the last key); not the closed form, before the draft is read.
  useEffect(() => {
    if (!started) return
    const timer = setTimeout(() => void saveDraft(site.siteId, FORM, toDraft(form)), SAVE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [started, form, site.siteId])

  // The zip-code exclusions apply when the goods go to this address (home delivery), as on the server.
  const delivery = cart ? deliveryAddressOf(cart) === 'billing' : true
  const checked = checkForm(form, countries, siteCountry, exclusions, delivery)
  const errors = checked.errors
  const shown: FieldErrors = { ...serverErrors }
  for (const [field, error] of Object.entries(errors)) if (touched.has(field)) shown[field] = error
  const addressErrors: FieldErrors = Object.fromEntries(
    Object.entries(shown)
      .filter(([field]) => field.startsWith('address.'))
      .map(([field, error]) => [field.slice('address.'.length), error]),
  )

  const update = (patch: Partial<BillingForm>) => {
    setForm({ ...form, ...patch })
    setFailure(null)
    // A field changed after the server refused it is the shopper's to check again.
    const changed = Object.keys(patch)
    if (changed.length > 0)
      setServerErrors((current) =>
        Object.fromEntries(Object.entries(current).filter(([field]) => !changed.some((c) => field.startsWith(c)))),
      )
  }
  const leave = (field: string) => setTouched((current) => new Set(current).add(field))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const { billing, company } = checked
    if (!billing || (form.company && !company)) {
      setTouched(new Set(Object.keys(errors)))
      focusFirstInvalid(formRef.current)
      return
    }
    if (!cartId || !cart) {
      setFailure(t('checkout.needsNetwork'))
      return
    }
    setSending(true)
    setFailure(null)
    try {
      await api.setBilling(cartId, billing)
      if (company) await api.setCompany(cartId, company)
      if (form.newsletter !== cart.newsletterSubscribe) await api.setNewsletter(cartId, form.newsletter)
      if (form.account && form.password && !hasAccount)
        await api.setPassword(cartId, form.password, `${origin}${accountPath(language.pathPrefix, 'confirm')}`)
      await reload()
      void navigate(checkoutPath(language.pathPrefix, nextStep('billing', cart)))
    } catch (error) {
      const fields = serverFieldErrors(error, (path) => (path === 'address.countryId' ? 'address.countryCode' : path))
      if (Object.keys(fields).length > 0) {
        setServerErrors(fields)
        focusFirstInvalid(formRef.current)
      } else setFailure(isUnreachable(error) ? t('checkout.needsNetwork') : errorMessage(t, error))
    } finally {
      setSending(false)
    }
  }

  return (
    <form
      ref={formRef}
      className="checkout-form"
      noValidate
      aria-busy={!started || undefined}
      onSubmit={(event) => void submit(event)}
    >
      {!started && (
        <p role="status" className="visually-hidden">
          {t('checkout.loading')}
        </p>
      )}
      {/* Closed (every field and button disabled) until the form knows what it starts from. */}
      <fieldset className="checkout-form__body" disabled={!started}>
        <fieldset>
          <legend className="visually-hidden">{t('checkout.billing.personal')}</legend>
          <NameFields values={form} errors={shown} onChange={update} onLeave={leave} />
          <Field
            name="emailAddress"
            type="email"
            label={t('checkout.billing.email')}
            value={form.emailAddress}
            onChange={(emailAddress) => update({ emailAddress })}
            onLeave={() => leave('emailAddress')}
            error={shown.emailAddress}
            autoComplete="email"
            inputMode="email"
            maxLength={MAX_LENGTH.emailAddress}
            hint={t('checkout.billing.emailHint')}
          />
          <Field
            name="phoneNumber"
            type="tel"
            label={t('checkout.billing.phone')}
            value={form.phoneNumber}
            onChange={(phoneNumber) => update({ phoneNumber })}
            onLeave={() => leave('phoneNumber')}
            error={shown.phoneNumber}
            autoComplete="tel"
            inputMode="tel"
            maxLength={MAX_LENGTH.phoneNumber}
            hint={t('checkout.billing.phoneHint')}
          />
        </fieldset>

        <fieldset>
          <legend>{t('checkout.billing.address')}</legend>
          <AddressFields
            name="billing"
            draft={form.address}
            onChange={(address) => update({ address })}
            errors={addressErrors}
            onLeave={(field) => leave(`address.${field}`)}
            countries={countries}
          />
        </fieldset>

        {form.company ? (
          <fieldset>
            <legend>{t('checkout.billing.companyTitle')}</legend>
            <Field
              name="companyName"
              label={t('checkout.billing.companyName')}
              value={form.companyName}
              onChange={(companyName) => update({ companyName })}
              onLeave={() => leave('companyName')}
              error={shown.companyName}
              autoComplete="organization"
              maxLength={MAX_LENGTH.companyName}
            />
            <Field
              name="vatNumber"
              label={t('checkout.billing.vatNumber')}
              value={form.vatNumber}
              onChange={(vatNumber) => update({ vatNumber })}
              onLeave={() => leave('vatNumber')}
              error={shown.vatNumber}
              autoComplete="off"
              autoCapitalize="characters"
              maxLength={MAX_LENGTH.vatNumber}
              optional
            />
            <button type="button" className="link-button" onClick={() => update({ company: false })}>
              {t('checkout.billing.noCompany')}
            </button>
          </fieldset>
        ) : (
          <button type="button" className="link-button" aria-expanded="false" onClick={() => update({ company: true })}>
            {t('checkout.billing.addCompany')}
          </button>
        )}

        {hasAccount ? null : form.account ? (
          <fieldset>
            <legend>{t('checkout.billing.accountTitle')}</legend>
            <Field
              name="password"
              type="password"
              label={t('checkout.billing.password')}
              value={form.password}
              onChange={(password) => update({ password })}
              onLeave={() => leave('password')}
              error={shown.password}
              autoComplete="new-password"
              maxLength={200}
              hint={t('checkout.billing.passwordHint')}
            />
            <button type="button" className="link-button" onClick={() => update({ account: false, password: '' })}>
              {t('checkout.billing.noAccount')}
            </button>
          </fieldset>
        ) : (
          <button type="button" className="link-button" aria-expanded="false" onClick={() => update({ account: true })}>
            {t('checkout.billing.addAccount')}
          </button>
        )}

        <label className="checkbox">
          <input
            type="checkbox"
            name="newsletter"
            checked={form.newsletter}
            onChange={(event) => update({ newsletter: event.target.checked })}
          />
          <span>{t('checkout.billing.newsletter', { brand: site.brandName })}</span>
        </label>

        {failure && (
          <p className="checkout__error" role="alert">
            {failure}
          </p>
        )}
        <div className="checkout-actions">
          <button type="submit" className="button button--large" disabled={sending}>
            {t(sending ? 'checkout.sending' : 'checkout.billing.next')}
          </button>
        </div>
      </fieldset>
    </form>
  )
}

/**
 * What the form starts from: the cart's billing when it has one; else a signed-in shopper's account (name, e-mail,
 * phone, billing address, company); else empty in the site's country.
 */
export function startingForm(
  cart: Cart | null,
  account: AccountAnswer | null,
  countries: readonly Country[],
  siteCountry: string,
): BillingForm {
  const billing = cart?.billing ?? null
  const person = billing ?? account
  const address = billing?.address ?? account?.billing ?? null
  const company = billing ? (cart?.company ?? null) : (cart?.company ?? account?.company ?? null)
  return {
    firstName: person?.firstName ?? '',
    lastName: person?.lastName ?? '',
    emailAddress: person?.emailAddress ?? '',
    phoneNumber: person?.phoneNumber ?? '',
    address: (address && addressDraftOf(address, countries)) ?? emptyAddressDraft(siteCountry),
    company: company !== null,
    companyName: company?.companyName ?? '',
    vatNumber: company?.vatNumber ?? '',
    newsletter: cart?.newsletterSubscribe ?? false,
    account: false,
    password: '',
  }
}

/** After a refused send, the first field with an error takes the focus (its message is read out with it). */
function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
}
