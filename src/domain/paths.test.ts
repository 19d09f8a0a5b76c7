import { describe, expect, it } from 'vitest'
import { offlinePathFor } from './paths.ts'

describe('offlinePathFor', () => {
  it.each([
    ['/', '/offline/'],
    ['/klantenservice/', '/offline/'],
    ['/fr/service-clients/', '/fr/offline/'],
    ['/offline/', '/offline/'],
  ])('%s uses %s', (path, expected) => {
    expect(offlinePathFor(path)).toBe(expected)
  })
})
