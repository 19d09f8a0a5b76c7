// First and last name side by side, as the billing step, the account's forms, registration and another delivery
// address all ask for them: the same labels, limits, `autocomplete` tokens and errors beside each field.
import { useTranslation } from 'react-i18next'
import { MAX_LENGTH } from '../../domain/address-rules.ts'
import { Field, type FieldError } from './form-field.tsx'

type NamePart = 'firstName' | 'lastName'

export function NameFields({
  values,
  errors,
  onChange,
  onLeave,
  recipient = false,
}: {
  values: Record<NamePart, string>
  errors: Partial<Record<NamePart, FieldError | undefined>>
  onChange: (patch: Partial<Record<NamePart, string>>) => void
  onLeave: (field: NamePart) => void
  /** The names of who receives a parcel elsewhere: their own labels, and the shipping section's autocomplete. */
  recipient?: boolean
}) {
  const { t } = useTranslation()
  const field = (part: NamePart, token: 'given-name' | 'family-name') => (
    <Field
      name={recipient ? `shipping.${part}` : part}
      label={
        recipient
          ? t(part === 'firstName' ? 'checkout.delivery.recipientFirstName' : 'checkout.delivery.recipientLastName')
          : t(part === 'firstName' ? 'checkout.billing.firstName' : 'checkout.billing.lastName')
      }
      value={values[part]}
      onChange={(value) => onChange({ [part]: value })}
      onLeave={() => onLeave(part)}
      error={errors[part]}
      autoComplete={recipient ? `shipping ${token}` : token}
      // A recipient's name may be typed past the limit and is then refused beside the field; the others stop there.
      maxLength={MAX_LENGTH[part] + (recipient ? 20 : 0)}
    />
  )
  return (
    <div className="field-row">
      {field('firstName', 'given-name')}
      {field('lastName', 'family-name')}
    </div>
  )
}
