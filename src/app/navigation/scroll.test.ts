import { describe, expect, it } from 'vitest'
import { decideScroll } from './scroll.ts'

const base = { hash: '', saved: undefined, isPop: false, keepBoth: false, initial: false }

describe('decideScroll', () => {
  it.each([
    ['#no-scroll keeps the position', { hash: '#no-scroll' }, { to: 'none' }],
    ['another hash scrolls smoothly to it', { hash: '#bezorging' }, { to: 'hash', id: 'bezorging', smooth: true }],
    [
      'a hash on the first page load jumps to it',
      { hash: '#a', initial: true },
      { to: 'hash', id: 'a', smooth: false },
    ],
    ['back or forward restores the saved position', { isPop: true, saved: 420 }, { to: 'position', y: 420 }],
    ['a new navigation goes to the top', { saved: 420 }, { to: 'position', y: 0 }],
    ['routes that both keep their scroll do not move', { keepBoth: true }, { to: 'none' }],
    ['the first page load leaves the browser alone', { initial: true }, { to: 'none' }],
    ['a hash wins over a saved position', { hash: '#x', isPop: true, saved: 5 }, { to: 'hash', id: 'x', smooth: true }],
  ] as const)('%s', (_name, input, expected) => {
    expect(decideScroll({ ...base, ...input })).toEqual(expected)
  })
})
