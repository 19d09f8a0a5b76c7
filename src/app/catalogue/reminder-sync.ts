// Sends the back-in-stock requests this device kept while offline (src/browser/stock-reminder-store.ts): once the
// page is idle after it starts, and whenever the network returns. The service worker's background sync does the same
// with every tab closed; a Web Lock keeps the two from sending one request twice.
import { useEffect } from 'react'
import { whenIdle } from '../when-idle.ts'
import { inSteps } from '../data/in-steps.ts'

const reminderStore = inSteps(() => import('../../browser/stock-reminder-store.ts'))

const send = async () => {
  const store = await reminderStore()
  if (!(await store.hasQueuedReminders())) return
  await (await import('./stock-reminder-api.ts')).sendQueued()
}

export function useReminderSync(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return
    const online = () => void send().catch(() => undefined)
    const cancel = whenIdle(online)
    window.addEventListener('online', online)
    return () => {
      cancel()
      window.removeEventListener('online', online)
    }
  }, [enabled])
}
