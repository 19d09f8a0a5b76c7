import { describe, expect, it } from 'vitest'
import { isRunningAt } from './content.ts'

describe('isRunningAt', () => {
  const holidays = { startsAt: '2026-12-01T00:00:00.000Z', endsAt: '2027-01-15T00:00:00.000Z' }

  it.each([
    ['2026-11-30T23:59:59Z', false],
    ['2026-12-01T00:00:00Z', true],
    ['2026-12-01T01:00:00+01:00', true],
    ['2027-01-14T23:59:59Z', true],
    ['2027-01-15T00:00:00Z', false],
  ])('at %s: %s', (now, running) => expect(isRunningAt(holidays, new Date(now))).toBe(running))

  it('runs for ever without an end', () => {
    expect(isRunningAt({ startsAt: holidays.startsAt, endsAt: null }, new Date('2099-01-01T00:00:00Z'))).toBe(true)
  })
})
