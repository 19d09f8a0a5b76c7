// A placed order as the complete page follows it. While its payment is under way (the payer is back before the
// provider's webhook, or paying in another tab) it is read again: every 2 s at first, then less often, for about two
// minutes; not while the page is hidden or the device offline (it goes on when they come back). The server asks the
// provider for an open order's payment on each read, so the page sees the outcome even before the webhook.
import { useCallback, useEffect, useRef, useState } from 'react'
import { ApiErrorSchema } from '../../domain/errors.ts'
import { isUnpaid, type OrderView } from '../../domain/orders.ts'
import { ApiRequestError } from '../../browser/transport.ts'
import { useServices } from '../services.tsx'
import { isUnreachable } from './checkout-state.ts'

export const POLL = { firstMs: 2_000, factor: 1.5, maxMs: 10_000, budgetMs: 120_000 } as const

export type OrderState =
  | { status: 'loading' }
  | { status: 'ready'; order: OrderView }
  | { status: 'notFound' }
  | { status: 'offline' }
  | { status: 'error' }

/** The order waits for a payment under way: worth reading again. */
export const awaitsPayment = (order: OrderView) => isUnpaid(order.status) && order.paymentUrl !== null

const isNotFound = (error: unknown) =>
  error instanceof ApiRequestError &&
  (error.status === 404 || ApiErrorSchema.safeParse(error.body).data?.code === 'orderNotFound')

/**
 * The order `orderId` opened with its key. `polling`: 'on' while it is read again, 'paused' (hidden, offline), 'done'
 * (settled, or two minutes passed: `check` reads it again and starts another round).
 */
export function useOrder(orderId: string, key: string) {
  const { api } = useServices()
  const [state, setState] = useState<OrderState>({ status: 'loading' })
  const [polling, setPolling] = useState<'on' | 'paused' | 'done'>('on')
  const paused = useRef(false)
  /** Starts another round of reading (a new two minutes), from the effect's current run. */
  const restart = useRef<() => void>(() => undefined)

  useEffect(() => {
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    let delay: number = POLL.firstMs
    let started = Date.now()
    const abort = new AbortController()
    const wait = () => {
      if (Date.now() - started + delay > POLL.budgetMs) return setPolling('done')
      setPolling('on')
      timer = setTimeout(() => void read(), delay)
      delay = Math.min(delay * POLL.factor, POLL.maxMs)
    }
    const read = async () => {
      if (stopped) return
      if (document.hidden || !navigator.onLine) {
        paused.current = true
        return setPolling('paused')
      }
      try {
        const order = await api.order(orderId, key, abort.signal)
        if (stopped) return
        setState({ status: 'ready', order })
        if (!awaitsPayment(order)) return setPolling('done')
      } catch (error) {
        if (stopped) return
        if (isNotFound(error)) {
          setState({ status: 'notFound' })
          return setPolling('done')
        }
        const unreachable = isUnreachable(error)
        // An order already shown stays shown; the next read may reach the server.
        setState((current) =>
          current.status === 'ready' ? current : unreachable ? { status: 'offline' } : { status: 'error' },
        )
        if (!unreachable) return setPolling('done')
      }
      wait()
    }
    restart.current = () => {
      clearTimeout(timer)
      delay = POLL.firstMs
      started = Date.now()
      void read()
    }
    void read()
    const resume = () => {
      if (!paused.current || document.hidden || !navigator.onLine) return
      paused.current = false
      restart.current()
    }
    document.addEventListener('visibilitychange', resume)
    window.addEventListener('online', resume)
    return () => {
      stopped = true
      clearTimeout(timer)
      abort.abort()
      document.removeEventListener('visibilitychange', resume)
      window.removeEventListener('online', resume)
    }
  }, [api, orderId, key])

  const check = useCallback(() => restart.current(), [])
  return { state, polling, check }
}
