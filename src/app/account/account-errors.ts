// What the server answered when it refused an account call, as the signed-out pages show it (spec §8): the field
// errors of a form beside their fields, the sign-in failure with its hints, an expired or wrong link with what to do
// next, a refused captcha, too many attempts (errors.rateLimited) and no network.
import type { TFunction } from 'i18next'
import { retryAfterMinutes } from '../../browser/transport.ts'
import { errorBodyOf, errorMessage, serverFieldErrors } from '../checkout/checkout-errors.ts'
import { isUnreachable } from '../checkout/checkout-state.ts'
import type { FieldErrors } from '../checkout/form-field.tsx'

export type AuthProblem =
  | { kind: 'fields'; fields: FieldErrors }
  | { kind: 'signInFailed' }
  | { kind: 'captcha' }
  | { kind: 'activationExpired' }
  | { kind: 'resetExpired' }
  | { kind: 'invalidToken' }
  | { kind: 'message'; text: string }

/** The server's error codes of the account calls (src/server/accounts/) and how the pages treat them. */
const BY_CODE: Record<string, Exclude<AuthProblem, { kind: 'fields' | 'message' }>> = {
  signInFailed: { kind: 'signInFailed' },
  captchaInvalid: { kind: 'captcha' },
  activationTokenExpired: { kind: 'activationExpired' },
  resetTokenExpired: { kind: 'resetExpired' },
  invalidToken: { kind: 'invalidToken' },
}

export function authProblem(t: TFunction, error: unknown): AuthProblem {
  if (retryAfterMinutes(error) !== null) return { kind: 'message', text: errorMessage(t, error) }
  if (isUnreachable(error)) return { kind: 'message', text: t('checkout.needsNetwork') }
  const code = errorBodyOf(error)?.code
  const known = code === undefined ? undefined : BY_CODE[code]
  if (known) return known
  const fields = serverFieldErrors(error)
  if (Object.keys(fields).length > 0) return { kind: 'fields', fields }
  return { kind: 'message', text: errorMessage(t, error) }
}
