// What the server answered when it refused a checkout call, in the shopper's language: its error code's text
// (`errors.<code>`), and the field errors of a refused form (`invalidFields`: each field's locale key beside it).
import type { TFunction } from 'i18next'
import { z } from 'zod'
import { ApiRequestError, retryAfterMinutes } from '../../browser/transport.ts'
import { translateWith } from '../i18n/translate-with.ts'
import type { FieldErrors } from './form-field.tsx'

const ErrorBodySchema = z.object({
  code: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
  fields: z
    .record(z.string(), z.object({ key: z.string(), params: z.record(z.string(), z.string()).default({}) }))
    .optional(),
})
export type ErrorBody = z.infer<typeof ErrorBodySchema>

/** The server's error body, when the call was answered with one. */
export function errorBodyOf(error: unknown): ErrorBody | null {
  if (!(error instanceof ApiRequestError)) return null
  const body = ErrorBodySchema.safeParse(error.body)
  return body.success ? body.data : null
}

/** The field errors of a refused form, by the form's field names (`rename` maps the server's paths to them). */
export function serverFieldErrors(error: unknown, rename: (path: string) => string = (path) => path): FieldErrors {
  const fields = errorBodyOf(error)?.fields ?? {}
  return Object.fromEntries(Object.entries(fields).map(([path, value]) => [rename(path), value]))
}

/** One sentence for a refused or failed call. */
export function errorMessage(t: TFunction, error: unknown): string {
  const translate = translateWith(t)
  const minutes = retryAfterMinutes(error)
  if (minutes !== null) return translate('errors.rateLimited', { minutes: String(minutes) })
  const body = errorBodyOf(error)
  if (!body) return translate('checkout.error', {})
  const params = Object.fromEntries(Object.entries(body.params ?? {}).map(([k, v]) => [k, String(v)]))
  const key = `errors.${body.code}`
  return t(key as never, { ...params, defaultValue: translate('checkout.error', {}) }) as string
}
