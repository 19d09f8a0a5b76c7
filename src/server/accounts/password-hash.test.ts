import { hash, parseOptions } from '@node-rs/argon2'
import { describe, expect, it } from 'vitest'
import {
  ARGON2_PARAMETERS,
  hashPassword,
  needsRehash,
  nobodysHash,
  verifyNobody,
  verifyPassword,
} from './password-hash.ts'

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

  // What costs the time is an argon2id verification with the same parameters as a real account's; timings belong to
  // bench/accounts.bench.ts and account-timing.routes.test.ts (medians of interleaved requests), not to a unit test.
  it('verifies nobody against a real argon2id hash made with today’s parameters', async () => {
    const nobody = await nobodysHash()
    expect(nobody).toMatch(/^\$argon2id\$/)
    expect(needsRehash(nobody)).toBe(false)
    expect(parseOptions(nobody)).toMatchObject(ARGON2_PARAMETERS)
    expect(await verifyNobody('not anyone’s password 0')).toBe(false)
  })
})
