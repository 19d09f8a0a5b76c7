import { describe, expect, it } from 'vitest'
import { addressSchemaFor } from './address-rules.ts'
import {
  fieldErrorParams,
  fieldErrorsOfIssues,
  fieldErrorsOfParams,
  withPrefix,
  type FieldError,
} from './field-errors.ts'

describe('field errors', () => {
  const errors: FieldError[] = [
    { path: 'address.zipcode', key: 'validation.postcodeExcluded', params: { reason: 'Texel' } },
    { path: 'street', key: 'validation.maxLength', params: { max: '120' } },
    { path: 'phoneNumber', key: 'validation.phone', params: {} },
  ]

  it('travel in an error body’s params and back, leaving other params out', () => {
    const params = fieldErrorParams(errors)
    expect(params).toEqual({
      'address.zipcode': 'validation.postcodeExcluded',
      'address.zipcode:reason': 'Texel',
      street: 'validation.maxLength',
      'street:max': '120',
      phoneNumber: 'validation.phone',
    })
    expect(fieldErrorsOfParams({ step: 'billing', ...params })).toEqual(errors)
  })

  it('are the first issue of each field of a parse, under a prefix', () => {
    const parsed = addressSchemaFor('NL').safeParse({
      zipcode: '',
      street: 'x'.repeat(121),
      streetNumber: '1',
      city: 'Ede',
      countryId: 1,
    })
    expect(parsed.success).toBe(false)
    expect(fieldErrorsOfIssues(parsed.error!.issues, 'address')).toEqual([
      { path: 'address.zipcode', key: 'validation.required', params: {} },
      { path: 'address.street', key: 'validation.maxLength', params: { max: '120' } },
    ])
    expect(withPrefix('billing', errors.slice(2))).toEqual([
      { path: 'billing.phoneNumber', key: 'validation.phone', params: {} },
    ])
  })
})
