import { describe, expect, it } from 'vitest'
import nl from '../../locales/nl.json' with { type: 'json' }
import { ACCOUNT_TEXT_GROUPS, SERVER_ONLY_TEXT_GROUPS, textsPart } from './text-parts.ts'

describe('textsPart', () => {
  it('splits a language’s texts into two parts that together hold all but the server’s own', () => {
    const first = textsPart(nl, 'first')
    const account = textsPart(nl, 'account')
    expect(Object.keys(account).toSorted()).toEqual([...ACCOUNT_TEXT_GROUPS].toSorted())
    for (const group of [...ACCOUNT_TEXT_GROUPS, ...SERVER_ONLY_TEXT_GROUPS]) expect(first).not.toHaveProperty(group)
    expect(first.cart).toEqual(nl.cart)
    const kept = Object.keys(nl).filter((group) => !SERVER_ONLY_TEXT_GROUPS.includes(group))
    expect([...Object.keys(first), ...Object.keys(account)].toSorted()).toEqual(kept.toSorted())
  })
})
