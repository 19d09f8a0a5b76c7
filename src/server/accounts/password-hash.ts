// Passwords are stored as argon2id hashes (PHC strings) at the OWASP Password Storage Cheat Sheet's parameters:
// 19 MiB of memory, 2 passes, 1 lane. argon2id because it is memory-hard (a GPU or ASIC guesses little faster than
// a server) and resists side channels; @node-rs/argon2 because it ships prebuilt binaries and hashes off the event
// loop. One verification costs ~20-40 ms of one core: bench/accounts.bench.ts measures it.
import { hash, parseOptions, verify, type Algorithm, type Options } from '@node-rs/argon2'

/** The const enum's value (Argon2id = 2): const enums of a declaration file cannot be used with isolatedModules. */
const ARGON2ID = 2 as Algorithm

export const ARGON2_PARAMETERS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

const OPTIONS: Options = { algorithm: ARGON2ID, ...ARGON2_PARAMETERS }

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS)

/** Whether `password` is the one `stored` was made from; false for a stored value that is no argon2 hash. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password)
  } catch {
    return false
  }
}

/** Whether a hash was made with other parameters than today's: it is made again at the next sign-in. */
export function needsRehash(stored: string): boolean {
  try {
    const parsed = parseOptions(stored)
    return (
      parsed.algorithm !== ARGON2ID ||
      parsed.memoryCost !== ARGON2_PARAMETERS.memoryCost ||
      parsed.timeCost !== ARGON2_PARAMETERS.timeCost ||
      parsed.parallelism !== ARGON2_PARAMETERS.parallelism
    )
  } catch {
    return true
  }
}

let dummy: Promise<string> | undefined

/**
 * A hash of no one's password, verified against when there is no account (or one that may not sign in), so an
 * unknown address costs the same time as a known one and the answer's timing tells nothing.
 */
export async function verifyNobody(password: string): Promise<false> {
  dummy ??= hashPassword('not anyone’s password 0')
  await verifyPassword(await dummy, password)
  return false
}
