// The billing address and the delivery address forms (information-page.tsx): the checkout's address fields, with its
// postcode search and manual entry and its rules (the country's formats, the Dutch-address rule, the zip-code
// exclusions of a delivery address), saved as part of the account's data (PUT /api/account).
import { useTranslation } from 'react-i18next'
import { MAX_LENGTH } from '../../domain/address-rules.ts'
import {
  addressDraftOf,
  AddressFields,
  checkAddress,
  emptyAddressDraft,
  useExclusions,
  type AddressDraft,
} from '../checkout/address-fields.tsx'
import { Field, type FieldErrors } from '../checkout/form-field.tsx'
import { useServices } from '../services.tsx'
import { AddressFirst, FormActions } from './information-forms.tsx'
import { AddressText } from './address-text.tsx'
import type { InformationFormProps } from './information-form-props.ts'
import { addressFieldOf, checkPersonal, hasAddress, rulesCountry, updateBody } from './information-rules.ts'
import { errorsUnder, useEditForm } from './use-edit-form.ts'

const callbackUrl = (path: string) => `${window.location.origin}${path}`

export function AddressForm({ account, countries, siteCountry, done, overview }: InformationFormProps) {
  const { t } = useTranslation()
  const { api } = useServices()
  // The server checks the billing address with the phone number (as the checkout's billing step): one made without
  // it is asked for here.
  const needsPhone = account.phoneNumber.trim() === ''
  const edit = useEditForm({
    address: addressDraftOf(account.billing, countries) ?? emptyAddressDraft(siteCountry),
    phoneNumber: account.phoneNumber,
  })
  const { form, update, leave, formRef } = edit
  const exclusions = useExclusions(countries, form.address.countryCode)
  const checked = checkAddress(form.address, countries, siteCountry, exclusions)
  const personal = checkPersonal(
    { firstName: account.firstName, lastName: account.lastName, phoneNumber: form.phoneNumber },
    rulesCountry(form.address.countryCode, siteCountry),
  )
  const errors: FieldErrors = {}
  for (const [field, error] of Object.entries(checked.errors ?? {})) errors[`address.${field}`] = error
  if (needsPhone && personal.errors.phoneNumber) errors.phoneNumber = personal.errors.phoneNumber
  const shown = edit.shown(errors)

  const save = async () => {
    const phoneNumber = needsPhone ? personal.value!.phoneNumber : account.phoneNumber
    await api.updateAccount(updateBody(account, { billing: checked.address!, phoneNumber }), callbackUrl(overview))
    done({ saved: 'messages.dataChanged' })
  }

  return (
    <form
      ref={formRef}
      className="checkout-form"
      noValidate
      onSubmit={(event) => void edit.submit(errors, save, (path) => addressFieldOf(path, 'billing'))(event)}
    >
      <AddressFields
        name="billing"
        draft={form.address}
        onChange={(address) => update({ address })}
        errors={errorsUnder(shown, 'address.')}
        onLeave={(field) => leave(`address.${field}`)}
        countries={countries}
      />
      {needsPhone && (
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

export function DeliveryForm({ account, countries, siteCountry, done, overview }: InformationFormProps) {
  const { t } = useTranslation()
  const { api } = useServices()
  const edit = useEditForm({
    alternative: account.alternativeShippingAddress && hasAddress(account.shipping),
    address: (account.shipping && addressDraftOf(account.shipping, countries)) ?? emptyAddressDraft(siteCountry),
  })
  const { form, update, leave, formRef } = edit
  const exclusions = useExclusions(countries, form.address.countryCode)
  const checked = checkAddress(form.address, countries, siteCountry, exclusions)
  const errors: FieldErrors = {}
  if (form.alternative)
    for (const [field, error] of Object.entries(checked.errors ?? {})) errors[`address.${field}`] = error
  const shown = edit.shown(errors)

  if (!hasAddress(account.billing)) return <AddressFirst overview={overview} />

  const save = async () => {
    const body = form.alternative
      ? { alternativeShippingAddress: true, shipping: checked.address! }
      : { alternativeShippingAddress: false, shipping: null }
    await api.updateAccount(updateBody(account, body), callbackUrl(overview))
    done({ saved: 'messages.dataChanged' })
  }
  const choice = (alternative: boolean, label: string) => (
    <label className="checkbox">
      <input
        type="radio"
        name="delivery-address"
        checked={form.alternative === alternative}
        onChange={() => update({ alternative })}
      />
      <span>{label}</span>
    </label>
  )

  return (
    <form
      ref={formRef}
      className="checkout-form"
      noValidate
      onSubmit={(event) => void edit.submit(errors, save, (path) => addressFieldOf(path, 'shipping'))(event)}
    >
      <fieldset>
        <legend className="visually-hidden">{t('account.information.delivery.title')}</legend>
        {choice(false, t('account.information.delivery.sameAsBilling'))}
        <div className="account-information__billing">
          <AddressText address={account.billing} countries={countries} />
        </div>
        {choice(true, t('account.information.delivery.other'))}
      </fieldset>
      {form.alternative && (
        <fieldset>
          <legend>{t('account.information.delivery.otherTitle')}</legend>
          <AddressFields
            name="shipping"
            draft={form.address as AddressDraft}
            onChange={(address) => update({ address })}
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
