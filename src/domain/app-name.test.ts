import { describe, expect, it } from 'vitest'
import { appName } from './app-name.ts'

describe('appName', () => {
  it.each([
    [{ brandName: 'Equivera', type: 0 }, 'Nederland', 'Equivera Nederland'],
    [{ brandName: 'Equivera', type: 0 }, 'Belgique', 'Equivera Belgique'],
    [{ brandName: 'Mühldorfer', type: 0 }, 'Deutschland', 'Mühldorfer Deutschland'],
    [{ brandName: 'Paddock Pure', type: 1 }, 'Danmark', 'Paddock Pure Danmark'],
    [{ brandName: 'Equivera Group', type: 2 }, 'Netherlands', 'Equivera Group'],
    [{ brandName: 'Equivera', type: 0 }, undefined, 'Equivera'],
  ])('names %o in %s “%s”', (site, country, name) => {
    expect(appName(site, country)).toBe(name)
  })
})
