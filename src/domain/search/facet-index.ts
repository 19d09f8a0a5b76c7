// The facets of a search index: every facet value has a bitset of its documents and every numeric facet its values in
// order, so a filter is a set of documents and a facet count is a bit count.
import type { FacetFilter, ProductFilterKey } from '../catalogue.ts'
import { andInto, countBoth, hasBit, lowerBound, setBit, wordsUsed, type Bits } from './bits.ts'
import type { SearchDocument } from './search-document.ts'

export interface FacetCount {
  facetKey: ProductFilterKey
  values: { key: string; count: number }[]
  /** For numeric facets: the range over the documents that match the other filters. */
  range: { min: number; max: number } | null
}

export class FacetIndex {
  /** The facet keys, in the order the counts are given. */
  readonly keys: ProductFilterKey[]
  readonly #words: number
  /** Every document, and none. */
  readonly #all: Bits
  readonly #none: Bits
  /** The documents of each facet value, per facet key. */
  readonly #facetValues = new Map<ProductFilterKey, Map<string, Bits>>()
  /** Each numeric facet's (value, document) pairs in ascending value order. */
  readonly #numbers = new Map<ProductFilterKey, { values: Float64Array; docs: Int32Array }>()
  /** Room for the documents one facet's counts are over, made once (see SearchIndex's sets). */
  readonly #over: Bits

  constructor(documents: readonly SearchDocument[], all: Bits) {
    this.#words = all.length
    this.#all = all
    this.#none = new Int32Array(all.length)
    this.#over = new Int32Array(all.length)
    const keys = new Set<ProductFilterKey>()
    const pairs = new Map<ProductFilterKey, [value: number, doc: number][]>()
    documents.forEach((document, doc) => {
      for (const [key, values] of Object.entries(document.facets) as [ProductFilterKey, string[]][]) {
        keys.add(key)
        let perValue = this.#facetValues.get(key)
        if (!perValue) this.#facetValues.set(key, (perValue = new Map()))
        for (const value of values) {
          let bits = perValue.get(value)
          if (!bits) perValue.set(value, (bits = new Int32Array(this.#words)))
          setBit(bits, doc)
        }
      }
      for (const [key, values] of Object.entries(document.numbers) as [ProductFilterKey, number[]][]) {
        keys.add(key)
        let list = pairs.get(key)
        if (!list) pairs.set(key, (list = []))
        for (const value of values) list.push([value, doc])
      }
    })
    this.keys = [...keys].toSorted()
    for (const [key, perValue] of this.#facetValues)
      this.#facetValues.set(key, new Map([...perValue].toSorted(([a], [b]) => a.localeCompare(b))))
    for (const [key, list] of pairs) {
      list.sort((a, b) => a[0] - b[0])
      this.#numbers.set(key, {
        values: Float64Array.from(list, ([value]) => value),
        docs: Int32Array.from(list, ([, doc]) => doc),
      })
    }
  }

  /** The documents that pass one filter (a set of the index's own: never changed). */
  passing(filter: FacetFilter): Bits {
    switch (filter.discriminator) {
      case 'multiSelect': {
        if (filter.selectedKeys.length === 0) return this.#all
        const perValue = this.#facetValues.get(filter.facetKey)
        const sets = filter.selectedKeys.flatMap((key) => perValue?.get(key) ?? [])
        if (sets.length <= 1) return sets[0] ?? this.#none
        const union = new Int32Array(this.#words)
        for (const bits of sets) for (let i = 0; i < union.length; i++) union[i] = union[i]! | bits[i]!
        return union
      }
      case 'singleSelect':
        return this.#facetValues.get(filter.facetKey)?.get(filter.selectedKey) ?? this.#none
      // A document passes a number filter when one of its values does (one of its variants is in the weight range).
      case 'rangeSlider':
        return this.#numbersIn(filter.facetKey, filter.selectedMinValue, filter.selectedMaxValue)
      case 'slider':
        return this.#numbersIn(filter.facetKey, -Infinity, filter.selectedValue)
    }
  }

  #numbersIn(facetKey: ProductFilterKey, min: number, max: number): Bits {
    const numbers = this.#numbers.get(facetKey)
    if (!numbers) return this.#none
    const bits = new Int32Array(this.#words)
    for (let i = lowerBound(numbers.values, min); i < numbers.values.length && numbers.values[i]! <= max; i++)
      setBit(bits, numbers.docs[i]!)
    return bits
  }

  /** Counts per facet value over the documents that pass every filter except the facet's own (multi-select UX). */
  count(base: Bits, matched: Bits, total: number, filterKeys: ProductFilterKey[], passing: Bits[]): FacetCount[] {
    return this.keys.map((facetKey) => {
      const own = filterKeys.indexOf(facetKey)
      let over = matched
      if (own >= 0) {
        over = this.#over
        over.set(base)
        for (const [k, bits] of passing.entries()) if (k !== own) andInto(over, bits)
      }
      if ((own >= 0 ? countBoth(over, over) : total) === 0) return { facetKey, values: [], range: null }
      const values: { key: string; count: number }[] = []
      // Only the words where the documents counted over lie (a query's matches often lie together).
      const [from, to] = wordsUsed(over)
      for (const [key, bits] of this.#facetValues.get(facetKey) ?? []) {
        const count = countBoth(over, bits, from, to)
        if (count > 0) values.push({ key, count })
      }
      return { facetKey, values, range: this.#range(facetKey, over) }
    })
  }

  /** The smallest and largest number of a numeric facet among a set of documents. */
  #range(facetKey: ProductFilterKey, over: Bits): { min: number; max: number } | null {
    const numbers = this.#numbers.get(facetKey)
    if (!numbers) return null
    let low = 0
    while (low < numbers.docs.length && !hasBit(over, numbers.docs[low]!)) low++
    if (low === numbers.docs.length) return null
    let high = numbers.docs.length - 1
    while (!hasBit(over, numbers.docs[high]!)) high--
    return { min: numbers.values[low]!, max: numbers.values[high]! }
  }
}
