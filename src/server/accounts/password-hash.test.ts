import { hash } from '@node-rs/argon2'
import { describe, expect, it } from 'vitest'
import { ARGON2_PARAMETERS, hashPassword, needsRehash, verifyNobody, verifyPassword } from './password-hash.ts'

describe('password hashes', () => {
  it('hashes with argon2id at the OWASP parameters, salted, and verifies', async () => {
    const stored = await hashPassword('hooiberg7')
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(await hashPassword('hooiberg7')).not.toBe(stored)
    expect(await verifyPassword(stored, 'hooiberg7')).toBe(true)
    expect(await verifyPassword(stored, 'hooiberg8')).toBe(false)
    expect(needsRehash(stored)).toBe(false)
  })

  it('asks for a new hash when the parameters or the scheme were other', async () => {
    const weaker = await hash('hooiberg7', { ...ARGON2_PARAMETERS, memoryCost: 4096 })
    expect(needsRehash(weaker)).toBe(true)
    expect(await verifyPassword(weaker, 'hooiberg7')).toBe(true)
    expect(needsRehash('scrypt$abc$def')).toBe(true)
    expect(await verifyPassword('scrypt$abc$def', 'hooiberg7')).toBe(false)
  })

  it('spends about a verification’s time on nobody', async () => {
    const stored = await hashPassword('hooiberg7')
    await verifyNobody('warm-up')
    // Interleaved, medians, a wide bound: the machine is shared; skipping the work would make the ratio ~1000.
    const known: number[] = []
    const nobody: number[] = []
    const time = async (run: () => Promise<unknown>) => {
      const start = performance.now()
      await run()
      return performance.now() - start
    }
    for (let i = 0; i < 9; i++) {
      known.push(await time(() => verifyPassword(stored, 'fout')))
      nobody.push(await time(() => verifyNobody('fout')))
    }
    const median = (values: number[]) => values.toSorted((a, b) => a - b)[4]!
    expect(median(nobody) / median(known)).toBeGreaterThan(1 / 3)
    expect(median(nobody) / median(known)).toBeLessThan(3)
  })
})
