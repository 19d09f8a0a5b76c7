// The loops a query runs over every posting or document, each a small function of its own: V8 optimises each whole,
// where a loop inside a long method got compiled on the spot and thrown away again after it (a deoptimisation loop).
import { hasBit, type Bits } from './bits.ts'

/**
 * Raises each document's score to what these postings give it, where that is more. A document scored for the first
 * time is added to `touched`; returns the new count of `touched`.
 */
export function scorePostings(
  found: Float64Array,
  docs: Int32Array,
  weights: Float64Array,
  from: number,
  to: number,
  factor: number,
  touched: Int32Array,
  count: number,
): number {
  for (let p = from; p < to; p++) {
    const doc = docs[p]!
    const score = weights[p]! * factor
    const before = found[doc]!
    if (before === 0) touched[count++] = doc
    if (score > before) found[doc] = score
  }
  return count
}

/** Keeps the hits that `found` scores too, with both scores added; the others drop to 0. Returns how many stay. */
export function keepBoth(scores: Float64Array, hits: Int32Array, count: number, found: Float64Array): number {
  let kept = 0
  for (let i = 0; i < count; i++) {
    const doc = hits[i]!
    const more = found[doc]!
    if (more > 0) {
      scores[doc] = scores[doc]! + more
      hits[kept++] = doc
    } else scores[doc] = 0
  }
  return kept
}

export function clear(values: Float64Array, docs: Int32Array, count: number): void {
  for (let i = 0; i < count; i++) values[docs[i]!] = 0
}

/** The best `wanted` matching documents by score (then name), sorted; a match only goes in when it beats the last. */
export function best(
  docs: Int32Array,
  matched: Bits,
  scores: Float64Array,
  nameRank: Int32Array,
  direction: number,
  wanted: number,
): number[] {
  const before = (a: number, b: number) => (scores[b]! - scores[a]!) * direction || nameRank[a]! - nameRank[b]!
  const top: number[] = []
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i]!
    if (!hasBit(matched, doc)) continue
    if (top.length === wanted && before(top[wanted - 1]!, doc) <= 0) continue
    let low = 0
    let high = top.length
    while (low < high) {
      const mid = (low + high) >> 1
      if (before(top[mid]!, doc) <= 0) low = mid + 1
      else high = mid
    }
    top.splice(low, 0, doc)
    if (top.length > wanted) top.pop()
  }
  return top
}
