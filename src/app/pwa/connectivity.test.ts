import { describe, expect, it } from 'vitest'
import { nextConnectivity } from './connectivity.ts'

describe('nextConnectivity', () => {
  it.each([
    ['online', false, 'offline'],
    ['offline', true, 'back-online'],
    ['back-online', true, 'back-online'],
    ['back-online', false, 'offline'],
    ['online', true, 'online'],
  ] as const)('from %s, a %s result gives %s', (current, reachable, expected) => {
    expect(nextConnectivity(current, reachable)).toBe(expected)
  })
})
