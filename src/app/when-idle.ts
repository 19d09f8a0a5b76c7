// Work nobody waits for must not compete with the page itself: on a slow line the first page's files and its largest
// picture share one thin pipe, and on a slow phone one busy core. The catalogue sync, the switcher's alternates, the
// localization check and the cart's outbox start once the page has loaded (its pictures in) and the main thread is
// idle. (The service worker already registers after the load event: workbox-window waits for it.)

/**
 * Runs `work` in a task of its own, after the current one (a mount's effects, say): loading a store or a chunk then
 * does not add to one long task with everything else that runs at hydration. Returns a cancel.
 */
export function inOwnTask(work: () => void): () => void {
  const timer = setTimeout(work, 0)
  return () => clearTimeout(timer)
}

/** Resolves in a later task: a pause for the browser between the steps of long work, none a long task itself. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/** Runs `work` after the load event, `delayMs` later, when the main thread is idle; returns a cancel. */
export function whenIdle(work: () => void, delayMs = 0): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  let idle: number | undefined
  const afterLoad = () => {
    timer = setTimeout(() => {
      if ('requestIdleCallback' in window) idle = window.requestIdleCallback(work, { timeout: 5000 })
      else work()
    }, delayMs)
  }
  if (document.readyState === 'complete') afterLoad()
  else window.addEventListener('load', afterLoad, { once: true })
  return () => {
    window.removeEventListener('load', afterLoad)
    clearTimeout(timer)
    if (idle !== undefined) window.cancelIdleCallback(idle)
  }
}

/**
 * `each` over `items` in slices of about `sliceMs`, each slice a task of its own (nextTask between): checking a whole
 * catalogue in one go is a task of 30–400 ms on a slow phone. What `each` throws ends it, as a plain loop would.
 */
export async function mapInSlices<T, R>(items: readonly T[], each: (item: T) => R, sliceMs = 8): Promise<R[]> {
  const done: R[] = []
  let slice = performance.now()
  for (const item of items) {
    done.push(each(item))
    if (performance.now() - slice < sliceMs) continue
    await nextTask()
    slice = performance.now()
  }
  return done
}
