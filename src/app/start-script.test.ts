import { describe, expect, it, vi } from 'vitest'
import { START_FALLBACK_MS, startedModules, startScript } from './start-script.ts'

type PaintCallback = (list: { getEntriesByName: (name: string) => object[] }) => void

/**
 * Runs the bootstrap script against a page of its own: frames, timers and paint entries come when the test says,
 * `import()` and the preload links are recorded.
 */
function runScript({ hidden = false, timing = 'paint' as 'paint' | 'no paint' | 'none' } = {}) {
  const frames: (() => void)[] = []
  const imported: string[] = []
  const preloaded: string[] = []
  const observers: { callback: PaintCallback; options?: object; disconnected: boolean }[] = []
  class FakeObserver {
    static supportedEntryTypes = timing === 'paint' ? ['paint', 'largest-contentful-paint'] : ['resource']
    readonly entry: (typeof observers)[number]
    constructor(callback: PaintCallback) {
      this.entry = { callback, disconnected: false }
      observers.push(this.entry)
    }
    observe(options: object) {
      this.entry.options = options
    }
    disconnect() {
      this.entry.disconnected = true
    }
  }
  const document = {
    visibilityState: hidden ? 'hidden' : 'visible',
    createElement: () => ({}) as { rel?: string; href?: string },
    head: { appendChild: (link: { rel: string; href: string }) => preloaded.push(`${link.rel} ${link.href}`) },
  }
  const modules = ['/assets/entry.client-1.js', '/assets/locale-nl-2.js']
  // The inline script's globals, and its import() as a function the test sees.
  const script = startScript(modules)
  const body = script.slice(script.indexOf('(function(){var m=')).replace('import(m[0])', 'load(m[0])')
  const run = new Function('window', 'document', 'requestAnimationFrame', 'setTimeout', 'load', body) as (
    ...args: unknown[]
  ) => void
  run(
    { PerformanceObserver: timing === 'none' ? undefined : FakeObserver },
    document,
    (frame: () => void) => frames.push(frame),
    setTimeout,
    (module: string) => imported.push(module),
  )
  const paint = (name: string) =>
    observers.forEach(({ callback, disconnected }) => {
      if (!disconnected) callback({ getEntriesByName: (asked) => (asked === name ? [{ name }] : []) })
    })
  const nextFrame = () => frames.splice(0).forEach((frame) => frame())
  return { imported, preloaded, observers, paint, nextFrame, modules }
}

describe('when the bootstrap script starts the app', () => {
  it('waits for the first contentful paint, then for the frame after it', () => {
    vi.useFakeTimers()
    try {
      const page = runScript()
      expect(page.observers[0]?.options).toEqual({ type: 'paint', buffered: true })
      page.nextFrame()
      vi.advanceTimersByTime(100)
      page.paint('first-paint')
      page.nextFrame()
      vi.advanceTimersByTime(100)
      expect(page.imported).toEqual([])

      page.paint('first-contentful-paint')
      expect(page.imported).toEqual([])
      page.nextFrame()
      vi.advanceTimersByTime(0)
      expect(page.imported).toEqual([page.modules[0]])
      expect(page.preloaded).toEqual(page.modules.map((module) => `modulepreload ${module}`))
      expect(page.observers[0]?.disconnected).toBe(true)
      // The fallback that follows does not start it twice.
      vi.advanceTimersByTime(START_FALLBACK_MS)
      expect(page.imported).toHaveLength(1)
    } finally {
      vi.useRealTimers()
    }
  })

  it('starts anyway when no paint is reported in time', () => {
    vi.useFakeTimers()
    try {
      const page = runScript()
      vi.advanceTimersByTime(START_FALLBACK_MS - 1)
      expect(page.imported).toEqual([])
      vi.advanceTimersByTime(1)
      expect(page.imported).toEqual([page.modules[0]])
    } finally {
      vi.useRealTimers()
    }
  })

  it('waits for a frame where the browser reports no paint timing', () => {
    vi.useFakeTimers()
    try {
      for (const timing of ['no paint', 'none'] as const) {
        const page = runScript({ timing })
        expect(page.observers).toEqual([])
        expect(page.imported).toEqual([])
        page.nextFrame()
        vi.advanceTimersByTime(0)
        expect(page.imported).toEqual([page.modules[0]])
      }
    } finally {
      vi.useRealTimers()
    }
  })

  it('starts at once in a background tab, which paints nothing until shown', () => {
    const page = runScript({ hidden: true })
    expect(page.imported).toEqual([page.modules[0]])
    expect(page.observers).toEqual([])
  })
})

describe('the bootstrap script', () => {
  it('names its modules so a reader of the page finds them, the entry first', () => {
    const modules = ['/assets/entry.client-1.js', '/assets/content-2.js', '/assets/locale-nl-3.js']
    const page = `<script nonce="n">window.x = 1;${startScript(modules)}</script>`
    expect(startedModules(page)).toEqual(modules)
    expect(page).toContain('import(m[0])')
  })

  it('cannot be ended early by what a module name holds', () => {
    expect(startScript(['/assets/</script><b>.js'])).not.toContain('</script>')
    expect(startedModules(startScript(['/assets/</script>.js']))).toEqual(['/assets/</script>.js'])
  })

  it('finds nothing in a page without it', () => {
    expect(startedModules('<html><body></body></html>')).toEqual([])
  })
})
