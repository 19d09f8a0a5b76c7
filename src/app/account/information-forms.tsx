// The forms of the personal information, company data, e-mail address and password (information-page.tsx). Each
// checks its fields by the checkout's rules as they are left, and sends: the account's data with the changed part
// (PUT /api/account), the new e-mail address with the password (the change waits for the link mailed there), or the
// current and new password.
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { MAX_LENGTH } from '../../domain/address-rules.ts'
import { PASSWORD_MIN_LENGTH } from '../../domain/address.ts'
import {
  AddressFields,
  checkAddress,
  emptyAddressDraft,
  useExclusions,
  type AddressDraft,
} from '../checkout/address-fields.tsx'
import { Field, type FieldErrors } from '../checkout/form-field.tsx'
import { useServices } from '../services.tsx'
import type { InformationFormProps } from './information-form-props.ts'
import {
  addressFieldOf,
  checkCompanyForm,
  checkEmailForm,
  checkPasswordForm,
  checkPersonal,
  hasAddress,
  rulesCountry,
  updateBody,
} from './information-rules.ts'
import { errorsUnder, useEditForm } from './use-edit-form.ts'
import { NameFields } from '../checkout/name-fields.tsx'

/** The server's `company.vatNumber` is the form's `vatNumber`. */
const companyField = (path: string) => path.replace(/^company\./, '')
const callbackUrl = (path: string) => `${window.location.origin}${path}`

/** Send and cancel, and what went wrong sending. */
export function FormActions({
  failure,
  sending,
  overview,
  label,
}: {
  failure: string | null
  sending: boolean
  overview: string
  label: string
}) {
  const { t } = useTranslation()
  return (
    <>
      {failure && (
        <p className="checkout__error" role="alert">
          {failure}
        </p>
      )}
      <div className="checkout-actions">
        <button type="submit" className="button" disabled={sending}>
          {sending ? t('checkout.sending') : label}
        </button>
        <Link to={overview} className="account-information__cancel">
          {t('account.information.cancel')}
        </Link>
      </div>
    </>
  )
}

export function PersonalForm({ account, countries, siteCountry, done, overview }: InformationFormProps) {
  const { t } = useTranslation()
  const { api } = useServices()
  // An account made without an address gets one here: the server takes names and phone with a billing address only.
  const needsAddress = !hasAddress(account.billing)
  const edit = useEditForm({
    firstName: account.firstName,
    lastName: account.lastName,
    phoneNumber: account.phoneNumber,
    address: emptyAddressDraft(siteCountry) as AddressDraft,
  })
  const { form, update, leave, formRef } = edit
  const exclusions = useExclusions(countries, form.address.countryCode)
  const billingRegion = needsAddress
    ? form.address.countryCode
    : countries.find((c) => c.countryId === account.billing.countryId)?.regionCode
  const personal = checkPersonal(form, rulesCountry(billingRegion, siteCountry))
  const address = needsAddress ? checkAddress(form.address, countries, siteCountry, exclusions) : null
  const errors: FieldErrors = { ...personal.errors }
  for (const [field, error] of Object.entries(address?.errors ?? {})) errors[`address.${field}`] = error
  const shown = edit.shown(errors)

  const save = async () => {
    const billing = address ? address.address! : account.billing
    await api.updateAccount(updateBody(account, { ...personal.value!, billing }), callbackUrl(overview))
    done({ saved: 'messages.dataChanged' })
  }

  return (
    <form
      ref={formRef}
      className="checkout-form"
      noValidate
      onSubmit={(event) => void edit.submit(errors, save, (path) => addressFieldOf(path, 'billing'))(event)}
    >
      <NameFields values={form} errors={shown} onChange={update} onLeave={leave} />
      <Field
        name="phoneNumber"
        label={t('checkout.billing.phone')}
        value={form.phoneNumber}
        onChange={(phoneNumber) => update({ phoneNumber })}
        onLeave={() => leave('phoneNumber')}
        error={shown.phoneNumber}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={MAX_LENGTH.phoneNumber}
      />
      {needsAddress && (
        <fieldset>
          <legend>{t('account.information.address.title')}</legend>
          <p className="field__hint">{t('account.information.address.needed')}</p>
          <AddressFields
            name="billing"
            draft={form.address}
            onChange={(next) => update({ address: next })}
            errors={errorsUnder(shown, 'address.')}
            onLeave={(field) => leave(`address.${field}`)}
            countries={countries}
          />
        </fieldset>
      )}
      <FormActions
        failure={edit.failure}
        sending={edit.sending}
        overview={overview}
        label={t('account.information.save')}
      />
    </form>
  )
}

export function CompanyForm({ account, countries, siteCountry, done, overview }: InformationFormProps) {
  const { t } = useTranslation()
  const { api } = useServices()
  const edit = useEditForm({
    companyName: account.company?.companyName ?? '',
    vatNumber: account.company?.vatNumber ?? '',
  })
  const { form, update, leave, formRef } = edit
  const billingRegion = countries.find((c) => c.countryId === account.billing.countryId)?.regionCode
  const checked = checkCompanyForm(form, rulesCountry(billingRegion, siteCountry))
  const shown = edit.shown(checked.errors)

  if (!hasAddress(account.billing)) return <AddressFirst overview={overview} />

  const save = async () => {
    await api.updateAccount(updateBody(account, { company: checked.value }), callbackUrl(overview))
    done({ saved: 'messages.dataChanged' })
  }
  const remove = async () => {
    await api.updateAccount(updateBody(account, { company: null }), callbackUrl(overview))
    done({ saved: 'messages.dataChanged' })
  }

  return (
    <form
      ref={formRef}
      className="checkout-form"
      noValidate
      onSubmit={(event) => void edit.submit(checked.errors, save, companyField)(event)}
    >
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
        spellCheck={false}
        maxLength={MAX_LENGTH.vatNumber}
        optional
      />
      <FormActions
        failure={edit.failure}
        sending={edit.sending}
        overview={overview}
        label={t('account.information.save')}
      />
      {account.company && (
        <button
          type="button"
          className="link-button"
          disabled={edit.sending}
          onClick={(event) => void edit.submit({}, remove, companyField)(event)}
        >
          {t('account.information.company.remove')}
        </button>
      )}
    </form>
  )
}

/** Company data and the delivery address need the billing address first (the server checks it with every update). */
export function AddressFirst({ overview }: { overview: string }) {
  const { t } = useTranslation()
  return (
    <p className="account-notice">
      {t('account.information.address.first')}{' '}
      <Link to={`${overview}address/`}>{t('account.information.address.add')}</Link>
    </p>
  )
}

export function EmailForm({ account, countries, siteCountry, done, overview }: InformationFormProps) {
  const { t } = useTranslation()
  const { api } = useServices()
  const edit = useEditForm({ newEmailAddress: '', password: '' })
  const { form, update, leave, formRef } = edit
  const billingRegion = countries.find((c) => c.countryId === account.billing.countryId)?.regionCode
  const checked = checkEmailForm(form, rulesCountry(billingRegion, siteCountry))
  const errors: FieldErrors = { ...checked.errors }
  if (checked.value && checked.value.toLowerCase() === account.emailAddress.toLowerCase())
    errors.newEmailAddress = { key: 'account.information.email.same', params: {} }
  const shown = edit.shown(errors)

  const save = async () => {
    await api.changeEmailAddress(
      { newEmailAddress: checked.value!, password: form.password },
      // The link leads back here, signed in (email-confirm.tsx), not to the signed-out activation page.
      callbackUrl(`${overview}confirm-email/`),
    )
    done({ saved: 'account.information.email.sent', values: { email: checked.value! } })
  }

  return (
    <form
      ref={formRef}
      className="checkout-form"
      noValidate
      onSubmit={(event) => void edit.submit(errors, save)(event)}
    >
      <p>{t('account.information.email.current', { email: account.emailAddress })}</p>
      <Field
        name="newEmailAddress"
        label={t('account.information.email.new')}
        value={form.newEmailAddress}
        onChange={(newEmailAddress) => update({ newEmailAddress })}
        onLeave={() => leave('newEmailAddress')}
        error={shown.newEmailAddress}
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={MAX_LENGTH.emailAddress}
        hint={t('account.information.email.hint')}
      />
      <Field
        name="password"
        label={t('account.information.password.current')}
        value={form.password}
        onChange={(password) => update({ password })}
        onLeave={() => leave('password')}
        error={shown.password}
        type="password"
        autoComplete="current-password"
        maxLength={200}
      />
      <FormActions
        failure={edit.failure}
        sending={edit.sending}
        overview={overview}
        label={t('account.information.email.send')}
      />
    </form>
  )
}

export function PasswordForm({ account, done, overview }: InformationFormProps) {
  const { t } = useTranslation()
  const { api } = useServices()
  const edit = useEditForm({ currentPassword: '', newPassword: '', repeatPassword: '' })
  const { form, update, leave, formRef } = edit
  const errors = checkPasswordForm(form)
  const shown = edit.shown(errors)

  const save = async () => {
    await api.changePassword({ currentPassword: form.currentPassword, newPassword: form.newPassword })
    done({ saved: 'messages.passwordChanged' })
  }

  return (
    <form
      ref={formRef}
      className="checkout-form"
      noValidate
      onSubmit={(event) => void edit.submit(errors, save)(event)}
    >
      {/* The account's address for password managers, which file the new password under it. */}
      <input type="email" name="username" autoComplete="username" value={account.emailAddress} readOnly hidden />
      <Field
        name="currentPassword"
        label={t('account.information.password.current')}
        value={form.currentPassword}
        onChange={(currentPassword) => update({ currentPassword })}
        onLeave={() => leave('currentPassword')}
        error={shown.currentPassword}
        type="password"
        autoComplete="current-password"
        maxLength={200}
      />
      <Field
        name="newPassword"
        label={t('account.information.password.new')}
        value={form.newPassword}
        onChange={(newPassword) => update({ newPassword })}
        onLeave={() => leave('newPassword')}
        error={shown.newPassword}
        type="password"
        autoComplete="new-password"
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={200}
        hint={t('account.information.password.rule', { min: String(PASSWORD_MIN_LENGTH) })}
      />
      <Field
        name="repeatPassword"
        label={t('account.information.password.repeat')}
        value={form.repeatPassword}
        onChange={(repeatPassword) => update({ repeatPassword })}
        onLeave={() => leave('repeatPassword')}
        error={shown.repeatPassword}
        type="password"
        autoComplete="new-password"
        maxLength={200}
      />
      <FormActions
        failure={edit.failure}
        sending={edit.sending}
        overview={overview}
        label={t('account.information.password.save')}
      />
    </form>
  )
}
