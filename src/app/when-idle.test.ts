import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { whenIdle } from './when-idle.ts'

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
