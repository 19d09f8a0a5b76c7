// What the server answered when it refused a checkout call, in the shopper's language: its error code's text
// (`errors.<code>`), and the field errors of a refused form (`invalidFields`: each field's locale key beside it).
import type { TFunction } from 'i18next'
import { z } from 'zod'
import { ApiRequestError, retryAfterMinutes } from '../../browser/transport.ts'
import { fieldErrorsOfParams } from '../../domain/field-errors.ts'
import { translateWith } from '../i18n/translate-with.ts'
import type { FieldErrors } from './form-field.tsx'

const ErrorBodySchema = z.object({
  code: z.string(),
  params: z.record(z.string(), z.string()).optional(),
})
export type ErrorBody = z.infer<typeof ErrorBodySchema>

/** The server's error body, when the call was answered with one. */
export function errorBodyOf(error: unknown): ErrorBody | null {
  if (!(error instanceof ApiRequestError)) return null
  const body = ErrorBodySchema.safeParse(error.body)
  return body.success ? body.data : null
}

/**
 * The field errors of a refused form (400 invalidFields, or a 409 checkoutIncomplete naming fields), by the form's
 * field names: `rename` maps the server's paths (the request body's) to them.
 */
export function serverFieldErrors(error: unknown, rename: (path: string) => string = (path) => path): FieldErrors {
  const errors: FieldErrors = {}
  for (const { path, key, params } of fieldErrorsOfParams(errorBodyOf(error)?.params ?? {}))
    errors[rename(path)] ??= { key, params }
  return errors
}

/** One sentence for a refused or failed call. */
export function errorMessage(t: TFunction, error: unknown): string {
  const translate = translateWith(t)
  const minutes = retryAfterMinutes(error)
  if (minutes !== null) return translate('errors.rateLimited', { minutes: String(minutes) })
  const body = errorBodyOf(error)
  if (!body) return translate('checkout.error', {})
  const params = body.params ?? {}
  const key = `errors.${body.code}`
  return t(key as never, { ...params, defaultValue: translate('checkout.error', {}) }) as string
}
