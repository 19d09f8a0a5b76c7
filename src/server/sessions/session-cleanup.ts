// Deletes sessions past their end, so the table holds only live ones (an expired row is refused on read anyway).
import type { JobQueue } from '../jobs/job-queue.ts'
import { SESSION_POLICY } from './session-policy.ts'
import { deleteExpiredSessions } from './session.repository.ts'

export const SESSION_CLEANUP_NAME = 'sessions.clean-up'

export function registerSessionCleanUp(jobs: JobQueue, everyMs: number = SESSION_POLICY.cleanUpEveryMs): void {
  jobs.repeat(SESSION_CLEANUP_NAME, everyMs, async (_payload, { db, now }) => {
    await deleteExpiredSessions(db, now.toISOString())
  })
}
