// The offline mark (the inline script in every page's head), run against a page of its own.
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Document } from './document.tsx'
import { OFFLINE_MARK_SCRIPT, ScriptNonce } from './offline-mark.ts'

/** Runs the script on a page whose device is on- or offline; `online()` fires the window's online event. */
function mark(onLine: boolean) {
  const attributes = new Set<string>()
  const listeners: Record<string, () => void> = {}
  const html = {
    setAttribute: (name: string) => attributes.add(name),
    removeAttribute: (name: string) => attributes.delete(name),
  }
  const run = new Function('navigator', 'document', 'addEventListener', OFFLINE_MARK_SCRIPT) as (
    ...args: unknown[]
  ) => void
  run({ onLine }, { documentElement: html }, (type: string, listener: () => void) => (listeners[type] = listener))
  return { attributes, online: () => listeners.online?.() }
}

describe('the offline mark', () => {
  it('marks the page of a device that knows it is offline, until it is online again', () => {
    const page = mark(false)
    expect([...page.attributes]).toEqual(['data-offline'])
    page.online()
    expect([...page.attributes]).toEqual([])
  })

  it('leaves the page of an online device alone', () => {
    const page = mark(true)
    expect([...page.attributes]).toEqual([])
    page.online()
    expect([...page.attributes]).toEqual([])
  })

  it("is in every page's head, with the answer's nonce, so it runs before anything is painted", () => {
    const html = renderToString(
      <ScriptNonce value="n0nce">
        <Document brand="equivera" language="nl">
          <main />
        </Document>
      </ScriptNonce>,
    )
    const head = html.slice(html.indexOf('<head>'), html.indexOf('</head>'))
    expect(head).toContain(`<script nonce="n0nce">${OFFLINE_MARK_SCRIPT}</script>`)
  })

  it('cannot end its script element early', () => {
    expect(OFFLINE_MARK_SCRIPT).not.toMatch(/<\/script/i)
  })
})
