import { describe, expect, it } from 'vitest'
import { ORDER_STATUSES, orderTransition, type OrderStatus, type StatusTransition } from './orders.ts'

describe('orderTransition', () => {
  it.each<[OrderStatus, OrderStatus, StatusTransition]>([
    ['created', 'open', 'move'],
    ['created', 'paid', 'move'],
    ['created', 'cancelled', 'move'],
    ['created', 'expired', 'move'],
    ['open', 'paid', 'move'],
    ['open', 'cancelled', 'move'],
    ['open', 'expired', 'move'],
    ['open', 'created', 'refused'],
    ['paid', 'processing', 'move'],
    ['paid', 'sent', 'move'],
    ['paid', 'closed', 'move'],
    ['paid', 'open', 'refused'],
    ['paid', 'created', 'refused'],
    ['paid', 'cancelled', 'refused'],
    ['paid', 'expired', 'refused'],
    ['processing', 'sent', 'move'],
    ['processing', 'cancelled', 'refused'],
    ['sent', 'closed', 'move'],
    ['sent', 'paid', 'refused'],
    ['sent', 'cancelled', 'refused'],
    ['closed', 'sent', 'refused'],
    ['cancelled', 'open', 'refused'],
    ['cancelled', 'expired', 'refused'],
    ['expired', 'paid', 'refused'],
    ['expired', 'cancelled', 'refused'],
  ])('%s → %s: %s', (from, to, expected) => {
    expect(orderTransition(from, to)).toBe(expected)
  })

  it.each(ORDER_STATUSES)('asking a %s order for its own status again changes nothing', (status) => {
    expect(orderTransition(status, status)).toBe('same')
  })

  it('allows cancelled and expired only from an unpaid order', () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ['cancelled', 'expired'] as const) {
        if (from === to) continue
        expect(orderTransition(from, to) === 'move').toBe(from === 'created' || from === 'open')
      }
    }
  })

  it('never moves a paid order, or one past it, back to created or open', () => {
    for (const from of ['paid', 'processing', 'sent', 'closed'] as const) {
      expect(orderTransition(from, 'open')).toBe('refused')
      expect(orderTransition(from, 'created')).toBe('refused')
    }
  })
})
