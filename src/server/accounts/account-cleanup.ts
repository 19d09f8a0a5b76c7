// Deletes the tokens of mailed links a day after they expired: used or not, they can no longer open anything. The
// day keeps an expired link answering "expired" (not "unknown") for a while, so the customer is told to ask anew.
import type { JobQueue } from '../jobs/job-queue.ts'
import { deleteOldTokens } from './account.repository.ts'

export const ACCOUNT_TOKEN_CLEANUP_NAME = 'accounts.tokens-clean-up'
const HOUR_MS = 3_600_000
const KEEP_EXPIRED_MS = 24 * HOUR_MS

export function registerAccountCleanUp(jobs: JobQueue, everyMs = HOUR_MS): void {
  jobs.repeat(ACCOUNT_TOKEN_CLEANUP_NAME, everyMs, async (_payload, { db, now }) => {
    await deleteOldTokens(db, new Date(now.getTime() - KEEP_EXPIRED_MS).toISOString())
  })
}
