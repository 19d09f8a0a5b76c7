import { describe, expect, it } from 'vitest'
import { checkReturnFields, photoTypeOf, type ReturnFormFields } from './returns.ts'

const bytes = (...values: number[]) => new Uint8Array([...values, ...Array<number>(16).fill(0)])
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0))

describe('a photo type from its first bytes', () => {
  it.each([
    ['JPEG', bytes(0xff, 0xd8, 0xff, 0xe0), 'image/jpeg'],
    ['PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), 'image/png'],
    ['WebP', bytes(...ascii('RIFF'), 1, 2, 3, 4, ...ascii('WEBP')), 'image/webp'],
    ['a PDF', bytes(...ascii('%PDF-1.7')), null],
    ['HEIC', bytes(0, 0, 0, 0x18, ...ascii('ftypheic')), null],
    ['a WAV (RIFF, not WebP)', bytes(...ascii('RIFF'), 1, 2, 3, 4, ...ascii('WAVE')), null],
    ['nothing', new Uint8Array(), null],
  ])('%s is %s', (_, head, type) => expect(photoTypeOf(head)).toBe(type))
})

describe('the report fields', () => {
  const fields = (over: Partial<ReturnFormFields> = {}): ReturnFormFields => ({
    orderId: '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b',
    productVariantId: '101',
    quantity: '2',
    reason: 'wrongProduct',
    text: '  Hooi in plaats van muesli.  ',
    ...over,
  })

  it('answers the request, the text trimmed', () => {
    expect(checkReturnFields(fields(), false)).toEqual({
      ok: true,
      request: {
        orderId: '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b',
        productVariantId: 101,
        quantity: 2,
        reason: 'wrongProduct',
        text: 'Hooi in plaats van muesli.',
      },
    })
  })

  it.each([
    [{ reason: 'damaged' }, false, 'photo', 'photoRequired'],
    [{ reason: 'other', text: '' }, true, 'text', 'textRequired'],
    [{ quantity: '1.5' }, true, 'quantity', 'quantityInvalid'],
    [{ quantity: '' }, true, 'quantity', 'quantityInvalid'],
    [{ productVariantId: '' }, true, 'productVariantId', 'productRequired'],
    [{ orderId: '' }, true, 'orderId', 'orderRequired'],
    [{ reason: '' }, true, 'reason', 'reasonRequired'],
  ])('refuses %j (photo: %s) on %s: %s', (over, photo, field, key) => {
    expect(checkReturnFields(fields(over), photo)).toEqual({
      ok: false,
      errors: expect.arrayContaining([expect.objectContaining({ field, key: `account.returns.errors.${key}` })]),
    })
  })

  it('takes damage with a photo', () => expect(checkReturnFields(fields({ reason: 'damaged' }), true).ok).toBe(true))
})
