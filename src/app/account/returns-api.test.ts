import { describe, expect, it } from 'vitest'
import { ApiRequestError } from '../../browser/transport.ts'
import { scaledSize } from './photo-downscale.ts'
import { isUnreachable, refusedFields } from './returns-api.ts'

describe('a photo scaled for sending', () => {
  it.each([
    [4032, 3024, { width: 1600, height: 1200 }],
    [3024, 4032, { width: 1200, height: 1600 }],
    [800, 600, { width: 800, height: 600 }],
    [10_000, 10, { width: 1600, height: 2 }],
  ])('%i × %i becomes %j', (width, height, size) => expect(scaledSize(width, height)).toEqual(size))
})

describe("the server's refusals of a report", () => {
  it('names each refused field with its key and parameters', () => {
    const error = new ApiRequestError(400, {
      status: 400,
      code: 'invalidFields',
      message: 'These fields are not valid: quantity, photo.',
      localizedMessage: '…',
      params: {
        quantity: 'account.returns.errors.quantityMax',
        'quantity:max': '2',
        photo: 'account.returns.errors.photoType',
      },
    })
    expect(refusedFields(error)).toEqual({
      quantity: { key: 'account.returns.errors.quantityMax', params: { max: '2' } },
      photo: { key: 'account.returns.errors.photoType', params: {} },
    })
  })

  it('finds none in another error', () => {
    expect(refusedFields(new ApiRequestError(404, { code: 'orderNotFound' }))).toEqual({})
    expect(refusedFields(new Error('boom'))).toEqual({})
  })

  it.each([
    [new ApiRequestError(503, null), true],
    [new TypeError('Failed to fetch'), true],
    [new ApiRequestError(400, null), false],
    [new ApiRequestError(401, null), false],
  ])('%s is the network gone: %s', (error, unreachable) => expect(isUnreachable(error)).toBe(unreachable))
})
