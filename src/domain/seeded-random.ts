// A small seeded random generator and picks from lists with it: the same seed gives the same data (seeds, benchmarks).
export type Random = () => number

/** mulberry32: numbers from 0 up to 1, the same ones for the same seed. */
export function randomFrom(seed: number): Random {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

export const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)]!
export const pickSome = <T>(random: Random, list: readonly T[], min: number, max: number): T[] => {
  const count = Math.min(list.length, min + Math.floor(random() * (max - min + 1)))
  return list.toSorted(() => random() - 0.5).slice(0, count)
}
