import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { inOwnTask, mapInSlices, nextTask, whenIdle } from './when-idle.ts'

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

describe('mapInSlices', () => {
  afterEach(() => vi.restoreAllMocks())

  /** A clock that moves `stepMs` with every item done. */
  function clockOf(stepMs: number) {
    let now = 0
    vi.spyOn(performance, 'now').mockImplementation(() => now)
    return () => (now += stepMs)
  }

  it('maps every item in order, yielding to the page once a slice has run its time', async () => {
    const tick = clockOf(5)
    const seen: number[] = []
    const mapped = mapInSlices([1, 2, 3, 4, 5], (n) => (seen.push(n), tick(), n * 10), 8)
    await Promise.resolve()
    // 5 ms, then 10 ms: the slice ends after the second item, and the rest waits for a later task.
    expect(seen).toEqual([1, 2])
    // The slice's own pause was asked for first, so it is over when this one is.
    await nextTask()
    expect(seen).toEqual([1, 2, 3, 4])
    await expect(mapped).resolves.toEqual([10, 20, 30, 40, 50])
  })

  it('does everything in one task while it is quick', async () => {
    clockOf(0)
    const each = vi.fn<(n: number) => number>((n) => n + 1)
    const mapped = mapInSlices([1, 2, 3], each)
    await Promise.resolve()
    expect(each).toHaveBeenCalledTimes(3)
    await expect(mapped).resolves.toEqual([2, 3, 4])
  })

  it('ends with what the mapping throws, mapping nothing after it', async () => {
    const each = vi.fn<(n: number) => number>((n) => {
      if (n === 2) throw new Error('bad item')
      return n
    })
    await expect(mapInSlices([1, 2, 3], each)).rejects.toThrow('bad item')
    expect(each).toHaveBeenCalledTimes(2)
  })
})
