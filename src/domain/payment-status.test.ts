import { describe, expect, it } from 'vitest'
import { canMovePayment, decimalAmount, nextPaymentStatus, PAYMENT_STATUSES } from './payment-status.ts'

describe('payment status transitions', () => {
  it.each([
    ['open', 'paid', 'paid'],
    ['open', 'failed', 'failed'],
    ['open', 'cancelled', 'cancelled'],
    ['open', 'expired', 'expired'],
    ['paid', 'open', 'paid'],
    ['paid', 'failed', 'paid'],
    ['paid', 'expired', 'paid'],
    ['expired', 'open', 'expired'],
    ['failed', 'cancelled', 'failed'],
    ['cancelled', 'expired', 'cancelled'],
    ['expired', 'paid', 'paid'],
    ['failed', 'paid', 'paid'],
  ] as const)('a payment in %s told %s ends in %s', (current, reported, next) => {
    expect(nextPaymentStatus(current, reported)).toBe(next)
  })

  it('never moves back to open and never leaves paid', () => {
    for (const from of PAYMENT_STATUSES) expect(canMovePayment(from, 'open')).toBe(false)
    for (const to of PAYMENT_STATUSES) expect(canMovePayment('paid', to)).toBe(false)
  })

  it('writes cents as a decimal string', () => {
    expect(decimalAmount(1234)).toBe('12.34')
    expect(decimalAmount(5)).toBe('0.05')
    expect(decimalAmount(100000)).toBe('1000.00')
  })
})
