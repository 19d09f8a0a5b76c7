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
    const time = async (run: () => Promise<unknown>) => {
      const start = performance.now()
      for (let i = 0; i < 5; i++) await run()
      return performance.now() - start
    }
    const known = await time(() => verifyPassword(stored, 'fout'))
    const nobody = await time(() => verifyNobody('fout'))
    expect(nobody / known).toBeGreaterThan(0.5)
    expect(nobody / known).toBeLessThan(2)
  })
})
