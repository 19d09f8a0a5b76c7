// The signed-out forms' checks, by the rules the server applies (spec §5): required fields, an e-mail address, the
// password rule (at least 7 characters with letters and digits), the repeated password, a phone number when given.
// Each gives the locale key of its first problem per field, shown beside the field once it is left.
import { z } from 'zod'
import { PasswordSchema } from '../../domain/address.ts'
import { isDeliveryCountry, MAX_LENGTH, normalisePhoneNumber } from '../../domain/address-rules.ts'
import type { FieldErrors } from '../checkout/form-field.tsx'

const required = (value: string) => value.trim() === ''
const EmailSchema = z.email()

export function emailError(value: string): FieldErrors[string] | undefined {
  if (required(value)) return { key: 'validation.required', params: {} }
  if (value.trim().length > MAX_LENGTH.emailAddress)
    return { key: 'validation.maxLength', params: { max: String(MAX_LENGTH.emailAddress) } }
  if (!EmailSchema.safeParse(value.trim()).success) return { key: 'validation.email', params: {} }
  return undefined
}

export function newPasswordError(value: string): FieldErrors[string] | undefined {
  if (value === '') return { key: 'validation.required', params: {} }
  return PasswordSchema.safeParse(value).success ? undefined : { key: 'validation.password', params: {} }
}

const compact = (errors: Record<string, FieldErrors[string] | undefined>): FieldErrors =>
  Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, FieldErrors[string]] => !!entry[1]))

export interface SignInForm {
  emailAddress: string
  password: string
}

export const checkSignIn = (form: SignInForm): FieldErrors =>
  compact({
    emailAddress: emailError(form.emailAddress),
    password: form.password === '' ? { key: 'validation.required', params: {} } : undefined,
  })

export const checkEmailOnly = (emailAddress: string): FieldErrors => compact({ emailAddress: emailError(emailAddress) })

export interface RegisterForm {
  firstName: string
  lastName: string
  emailAddress: string
  password: string
  phoneNumber: string
  newsletter: boolean
}

const nameError = (value: string, max: number): FieldErrors[string] | undefined =>
  required(value)
    ? { key: 'validation.required', params: {} }
    : value.trim().length > max
      ? { key: 'validation.maxLength', params: { max: String(max) } }
      : undefined

/** The phone number as sent: E.164 in the site's country's reading ('06 12345678' → '+31612345678'), or ''. */
export function phoneOf(value: string, siteCountry: string): string {
  const trimmed = value.trim()
  if (trimmed === '') return ''
  return isDeliveryCountry(siteCountry) ? normalisePhoneNumber(siteCountry, trimmed) : trimmed
}

export function checkRegister(form: RegisterForm, siteCountry: string): FieldErrors {
  const phone = phoneOf(form.phoneNumber, siteCountry)
  return compact({
    firstName: nameError(form.firstName, MAX_LENGTH.firstName),
    lastName: nameError(form.lastName, MAX_LENGTH.lastName),
    emailAddress: emailError(form.emailAddress),
    password: newPasswordError(form.password),
    phoneNumber: phone !== '' && !/^\+[1-9]\d{6,14}$/.test(phone) ? { key: 'validation.phone', params: {} } : undefined,
  })
}

export interface ResetForm {
  password: string
  repeat: string
}

export const checkReset = (form: ResetForm): FieldErrors =>
  compact({
    password: newPasswordError(form.password),
    repeat:
      form.repeat === ''
        ? { key: 'validation.required', params: {} }
        : form.repeat !== form.password
          ? { key: 'validation.passwordsDoNotMatch', params: {} }
          : undefined,
  })
