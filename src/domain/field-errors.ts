// Field errors: what is wrong with one field of a form, as a locale key with its parameters, so a screen can show
// each message beside its field. The API carries them in an error's `params`, which holds strings only: the field's
// path names its key, and `<path>:<name>` each parameter of the message:
//   { "address.zipcode": "validation.postcodeExcluded", "address.zipcode:reason": "Texel",
//     "street": "validation.maxLength", "street:max": "120" }
import type { z } from 'zod'
import { issueText } from './address-rules.ts'

export interface FieldError {
  /** The field's path in the request's body, dot-separated: `address.zipcode`. */
  path: string
  /** A locale key: `validation.*`, or `localization.dutchAddressNotice`. */
  key: string
  params: Record<string, string>
}

const PARAM_SEPARATOR = ':'

export const fieldError = (path: string, key: string, params: Record<string, string> = {}): FieldError => ({
  path,
  key,
  params,
})

/** The first issue of each field of a failed parse, under `prefix` (`address`, or '' for the body itself). */
export function fieldErrorsOfIssues(issues: readonly z.core.$ZodIssue[], prefix = ''): FieldError[] {
  const errors = new Map<string, FieldError>()
  for (const issue of issues) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.')
    if (errors.has(path)) continue
    const { key, params } = issueText(issue)
    errors.set(path, { path, key, params })
  }
  return [...errors.values()]
}

/** The field errors under another path: a body's `address.zipcode` is the cart's `billing.address.zipcode`. */
export const withPrefix = (prefix: string, errors: readonly FieldError[]): FieldError[] =>
  errors.map((error) => ({ ...error, path: `${prefix}.${error.path}` }))

/** Field errors as an error body's `params`. */
export function fieldErrorParams(errors: readonly FieldError[]): Record<string, string> {
  const params: Record<string, string> = {}
  for (const { path, key, params: own } of errors) {
    params[path] = key
    for (const [name, value] of Object.entries(own)) params[`${path}${PARAM_SEPARATOR}${name}`] = value
  }
  return params
}

/**
 * The field errors of an error body's `params` (what `fieldErrorParams` wrote); other params (a key that names no
 * locale key, e.g. `step`) are left out.
 */
export function fieldErrorsOfParams(params: Readonly<Record<string, string>>): FieldError[] {
  const errors = new Map<string, FieldError>()
  for (const [name, value] of Object.entries(params)) {
    if (name.includes(PARAM_SEPARATOR) || !/^(validation|localization)\./.test(value)) continue
    errors.set(name, { path: name, key: value, params: {} })
  }
  for (const [name, value] of Object.entries(params)) {
    const at = name.lastIndexOf(PARAM_SEPARATOR)
    if (at < 0) continue
    const error = errors.get(name.slice(0, at))
    if (error) error.params[name.slice(at + 1)] = value
  }
  return [...errors.values()]
}
