/**
 * Damerau–Levenshtein distance (optimal string alignment), stopped early: returns `max + 1` as soon as the distance
 * must exceed `max`, so typo-tolerant lookups over a vocabulary stay cheap.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  if (a === b) return 0
  let before = Array.from({ length: b.length + 1 }, () => 0)
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  let current = Array.from({ length: b.length + 1 }, () => 0)
  for (let i = 1; i <= a.length; i++) {
    current[0] = i
    let rowMin = current[0]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1)
      current[j] = value
      rowMin = Math.min(rowMin, value)
    }
    if (rowMin > max) return max + 1
    ;[before, previous, current] = [previous, current, before]
  }
  return Math.min(previous[b.length]!, max + 1)
}

/** How many typos a word of this length may have: none below 4 letters, one up to 7, two from 8. */
export function allowedTypos(length: number): number {
  return length < 4 ? 0 : length < 8 ? 1 : 2
}
