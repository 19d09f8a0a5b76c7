import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { inOwnTask, nextTask, whenIdle } from './when-idle.ts'

describe('whenIdle', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it('runs the work after the delay once the page has loaded', () => {
    const work = vi.fn<() => void>()
    whenIdle(work, 1500)
    vi.advanceTimersByTime(1499)
    expect(work).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(work).toHaveBeenCalledOnce()
  })

  it('waits for the load event while the page is still loading', () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading')
    const work = vi.fn<() => void>()
    whenIdle(work)
    vi.advanceTimersByTime(10_000)
    expect(work).not.toHaveBeenCalled()
    window.dispatchEvent(new Event('load'))
    vi.advanceTimersByTime(0)
    expect(work).toHaveBeenCalledOnce()
  })

  it('does nothing once cancelled, before or after the load event', () => {
    const work = vi.fn<() => void>()
    whenIdle(work, 100)()
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading')
    whenIdle(work)()
    window.dispatchEvent(new Event('load'))
    vi.advanceTimersByTime(1000)
    expect(work).not.toHaveBeenCalled()
  })
})

describe('inOwnTask and nextTask', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('runs the work in a later task, not in the current one', () => {
    const work = vi.fn<() => void>()
    inOwnTask(work)
    expect(work).not.toHaveBeenCalled()
    vi.advanceTimersByTime(0)
    expect(work).toHaveBeenCalledOnce()
  })

  it('runs nothing once cancelled', () => {
    const work = vi.fn<() => void>()
    inOwnTask(work)()
    vi.advanceTimersByTime(10)
    expect(work).not.toHaveBeenCalled()
  })

  it('resolves nextTask only after the current task and its microtasks', async () => {
    let resolved = false
    void nextTask().then(() => (resolved = true))
    await Promise.resolve()
    expect(resolved).toBe(false)
    await vi.advanceTimersByTimeAsync(0)
    expect(resolved).toBe(true)
  })
})
