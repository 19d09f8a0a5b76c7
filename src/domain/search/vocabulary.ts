// The vocabulary of a search index: what a query word matches among the catalogue's terms. The word itself, the
// compounds ending in it ('sportmüsli' for 'müsli', common in Dutch, German and the Nordic languages), its completions
// while it is being typed, near spellings, and a compound query word split in two ('hooianalyse' as 'hooi' + 'analyse').
import type { LanguageCode } from '../language-codes.ts'
import { countBoth, lowerBound, setBit } from './bits.ts'
import { allowedTypos, editDistance } from './distance.ts'
import type { Postings } from './postings.ts'
import { stem } from './text.ts'

/** A prefix match (the word being typed) and a typo count less than an exact match. */
const PREFIX_FACTOR = 0.7
const TYPO_FACTOR = 0.5
/** The last part of a compound counts less than the word itself. */
const COMPOUND_FACTOR = 0.6
const MIN_COMPOUND_PART = 4
/** The shortest part a compound query word is split into. */
const MIN_SPLIT_PART = 3
/** Query words whose expansion is kept; past that many the memo starts over. */
const MAX_EXPANSIONS = 5000

/** A query word's terms in the vocabulary and the weight each one's postings score with. */
export interface Expansion {
  ids: number[]
  weights: number[]
}

const reversed = (word: string) => word.split('').toReversed().join('')

export class Vocabulary {
  readonly #language: LanguageCode
  readonly #postings: Postings
  readonly #documentCount: number
  /** The catalogue's words, sorted. */
  readonly #vocabulary: string[]
  /** The vocabulary's words reversed and sorted, with their ids: the words ending in a suffix are one range. */
  readonly #reversed: string[]
  readonly #reversedIds: Int32Array
  /** Query words already expanded. */
  readonly #expansions = new Map<string, Expansion>()

  constructor(postings: Postings, documentCount: number, language: LanguageCode) {
    this.#language = language
    this.#postings = postings
    this.#documentCount = documentCount
    this.#vocabulary = [...postings.termIds.keys()].toSorted()
    const byReversed = this.#vocabulary
      .map((word) => [reversed(word), postings.termIds.get(word)!] as const)
      .toSorted(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    this.#reversed = byReversed.map(([word]) => word)
    this.#reversedIds = Int32Array.from(byReversed, ([, id]) => id)
  }

  /**
   * What a query word matches in the vocabulary, each term with the weight its postings score: the word itself, the
   * compounds ending in it, its completions when it is the word being typed, and near spellings. It depends on the
   * vocabulary only, so each word's is worked out once (shoppers ask the same words again and again).
   */
  expand(term: string, isLast: boolean): Expansion {
    const key = `${isLast ? '…' : ''}${term}`
    const known = this.#expansions.get(key)
    if (known) return known
    const n = this.#documentCount
    const idf = (id: number) => Math.log(1 + n / (this.#postings.starts[id + 1]! - this.#postings.starts[id]!))
    const exact = this.#postings.termIds.get(term)
    // A near match never counts for more than the word itself would: its rarity is capped by the word's.
    const cap = exact === undefined ? Infinity : idf(exact)
    const expansion: Expansion = { ids: [], weights: [] }
    const add = (id: number, factor: number, rarity = idf(id)) => {
      expansion.ids.push(id)
      expansion.weights.push(Math.min(rarity, cap) * factor)
    }
    if (exact !== undefined) add(exact, 1)
    if (term.length >= MIN_COMPOUND_PART) {
      const suffix = reversed(term)
      for (let i = lowerBound(this.#reversed, suffix); i < this.#reversed.length; i++) {
        if (!this.#reversed[i]!.startsWith(suffix)) break
        if (this.#reversed[i]!.length > term.length) add(this.#reversedIds[i]!, COMPOUND_FACTOR)
      }
    }
    if (isLast || exact === undefined) {
      const typos = allowedTypos(term.length)
      const prefixed: number[] = []
      for (const candidate of this.#candidates(term)) {
        if (candidate === term) continue
        if (isLast && candidate.startsWith(term)) prefixed.push(this.#postings.termIds.get(candidate)!)
        else if (typos > 0 && editDistance(term, candidate, typos) <= typos)
          add(this.#postings.termIds.get(candidate)!, TYPO_FACTOR)
      }
      // The word being typed counts as one word: as rare as all its completions together, so 'pon' ranks the many
      // 'pony' products above one with a rare 'ponyeigenaar' in its text.
      if (prefixed.length > 0) {
        const seen = new Int32Array((n + 31) >>> 5)
        for (const id of prefixed)
          for (let p = this.#postings.starts[id]!; p < this.#postings.starts[id + 1]!; p++)
            setBit(seen, this.#postings.docs[p]!)
        const rarity = Math.log(1 + n / countBoth(seen, seen))
        for (const id of prefixed) add(id, PREFIX_FACTOR, rarity)
      }
    }
    if (this.#expansions.size >= MAX_EXPANSIONS) this.#expansions.clear()
    this.#expansions.set(key, expansion)
    return expansion
  }

  /**
   * A compound query word the catalogue does not have ('hooianalyse') as its two parts when both are words of the
   * catalogue ('hooi' + 'analyse'), so it finds what the texts write apart.
   */
  split(term: string): string[] {
    if (term.length < 2 * MIN_SPLIT_PART || this.#postings.termIds.has(term)) return [term]
    const splits = Array.from({ length: term.length - 2 * MIN_SPLIT_PART + 1 }, (_, k) => {
      const i = term.length - MIN_SPLIT_PART - k
      return [stem(term.slice(0, i), this.#language), stem(term.slice(i), this.#language)] as const
    })
    // Two words of the catalogue first ('kuil' + 'scan'); else a word and the part of one ('hooi' + 'analys…').
    const whole = splits.find(([left, right]) => this.#postings.termIds.has(left) && this.#postings.termIds.has(right))
    const part = whole ?? splits.find(([left, right]) => this.#postings.termIds.has(left) && this.#isPartOfAWord(right))
    return part ? [...part] : [term]
  }

  /** Whether a catalogue word is, starts with or ends with this part ('analys' in 'analyseren', 'ruwvoeranalys'). */
  #isPartOfAWord(part: string): boolean {
    if (this.#postings.termIds.has(part)) return true
    const suffix = reversed(part)
    return (
      (this.#vocabulary[lowerBound(this.#vocabulary, part)]?.startsWith(part) ?? false) ||
      (this.#reversed[lowerBound(this.#reversed, suffix)]?.startsWith(suffix) ?? false)
    )
  }

  /** Vocabulary words worth comparing with a query word: a shared first letter (typos rarely hit it) or a prefix. */
  #candidates(term: string): string[] {
    const first = term[0]!
    const result: string[] = []
    for (let i = lowerBound(this.#vocabulary, first); i < this.#vocabulary.length; i++) {
      if (!this.#vocabulary[i]!.startsWith(first)) break
      result.push(this.#vocabulary[i]!)
    }
    return result
  }
}
