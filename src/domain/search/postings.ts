// The postings of a search index: for every term of the catalogue's texts, which documents have it and how strongly.
// Laid out flat in typed arrays, for catalogues of 100k variants.
import type { LanguageCode } from '../language-codes.ts'
import type { SearchDocument } from './search-document.ts'
import { terms } from './text.ts'

const FIELD_WEIGHTS = { name: 3, summary: 1.5, body: 1 } as const
/** What `words` reads of a text, and how many of its words. */
const MAX_TEXT = 2000
const MAX_WORDS = 64

export interface Postings {
  /** Term → term id; a term's postings are `docs`/`weights` from `starts[id]` to `starts[id + 1]`. */
  termIds: Map<string, number>
  starts: Int32Array
  docs: Int32Array
  weights: Float64Array
}

/** A copy with room for `size` entries. */
function grown<T extends Int32Array | Float64Array>(values: T, size: number): T {
  const copy = new (values.constructor as new (size: number) => T)(size)
  copy.set(values)
  return copy
}

/**
 * The postings of every term: which documents have it and how strongly (the field weights it has there). Text is
 * cut into runs between spaces and each distinct run is folded and stemmed once, which gives the same terms as
 * `terms()` of the whole text (folding never joins or splits across a space).
 */
export function buildPostings(documents: readonly SearchDocument[], language: LanguageCode): Postings {
  const termIds = new Map<string, number>()
  const termsOfRun = new Map<string, number[]>()
  let nextId = 0
  const idsOf = (run: string) => {
    let ids = termsOfRun.get(run)
    if (!ids) {
      ids = terms(run, language).map((term) => {
        let id = termIds.get(term)
        if (id === undefined) termIds.set(term, (id = nextId++))
        return id
      })
      termsOfRun.set(run, ids)
    }
    return ids
  }
  let weightOf = new Float64Array(1024)
  const touched: number[] = []
  // (term, document, weight) of every posting, in document order; typed arrays that double when full (growing
  // plain arrays to millions of entries was most of the build).
  let pairs = 0
  let pairTerms = new Int32Array(Math.max(1024, documents.length * 64))
  let pairDocs = new Int32Array(pairTerms.length)
  let pairWeights = new Float64Array(pairTerms.length)
  // Runs are read one at a time, up to a field's 64th word: a long text is never split whole.
  const runs = /\S+/g
  documents.forEach((document, doc) => {
    for (const field of ['name', 'summary', 'body'] as const) {
      const text = document[field].slice(0, MAX_TEXT)
      let count = 0
      runs.lastIndex = 0
      for (let run = runs.exec(text); run !== null && count < MAX_WORDS; run = runs.exec(text)) {
        for (const id of idsOf(run[0])) {
          if (count++ === MAX_WORDS) break
          if (id >= weightOf.length) weightOf = grown(weightOf, Math.max(2 * weightOf.length, id + 1))
          if (weightOf[id] === 0) touched.push(id)
          weightOf[id] = weightOf[id]! + FIELD_WEIGHTS[field]
        }
      }
    }
    if (pairs + touched.length > pairTerms.length) {
      const size = Math.max(2 * pairTerms.length, pairs + touched.length)
      ;[pairTerms, pairDocs, pairWeights] = [grown(pairTerms, size), grown(pairDocs, size), grown(pairWeights, size)]
    }
    for (const id of touched) {
      pairTerms[pairs] = id
      pairDocs[pairs] = doc
      pairWeights[pairs++] = Math.log1p(weightOf[id]!)
      weightOf[id] = 0
    }
    touched.length = 0
  })
  // Terms that only came after a text's first words have no postings and are no words of the catalogue.
  const counts = new Int32Array(nextId)
  for (let i = 0; i < pairs; i++) counts[pairTerms[i]!] = counts[pairTerms[i]!]! + 1
  for (const [term, id] of termIds) if (counts[id] === 0) termIds.delete(term)
  const starts = new Int32Array(nextId + 1)
  for (let id = 0; id < nextId; id++) starts[id + 1] = starts[id]! + counts[id]!
  const next = starts.slice(0, nextId)
  const docs = new Int32Array(pairs)
  const weights = new Float64Array(pairs)
  for (let i = 0; i < pairs; i++) {
    const at = next[pairTerms[i]!]!
    next[pairTerms[i]!] = at + 1
    docs[at] = pairDocs[i]!
    weights[at] = pairWeights[i]!
  }
  return { termIds, starts, docs, weights }
}
