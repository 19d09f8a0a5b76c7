// The jobs table's own clean-up: finished jobs go after JOB_KEEP_DAYS (a dedupe key is free again then); failed ones
// stay until someone looks at them.
import { deleteDoneJobsBefore } from './job.repository.ts'
import type { JobQueue } from './job-queue.ts'

export const JOB_KEEP_DAYS = 7
export const JOB_CLEANUP_NAME = 'jobs.clean-up'
const DAY_MS = 86_400_000

export function registerJobCleanUp(jobs: JobQueue, everyMs = 60 * 60_000): void {
  jobs.repeat(JOB_CLEANUP_NAME, everyMs, async (_payload, { db, now }) => {
    await deleteDoneJobsBefore(db, new Date(now.getTime() - JOB_KEEP_DAYS * DAY_MS).toISOString())
  })
}
