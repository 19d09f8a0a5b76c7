// Background jobs (src/server/jobs/): one row per job, with its lease while a worker runs it.
import type { Generated } from 'kysely'

export type JobState = 'queued' | 'running' | 'done' | 'failed'

export interface JobTable {
  id: Generated<number>
  name: string
  /** JSON: the payload, checked with the handler's schema when the job runs. */
  payload: string
  state: JobState
  /** Not run before this time. */
  runAt: string
  /** Attempts started so far (a claim counts as one). */
  attempts: number
  maxAttempts: number
  /** Set for a repeating job: it is queued again this long after each run. */
  repeatEveryMs: number | null
  dedupeKey: string | null
  lockedBy: string | null
  /** The lease: after this time another worker may claim the job. */
  lockedUntil: string | null
  lastError: string | null
  createdAt: string
  updatedAt: string
  finishedAt: string | null
}

export interface JobTables {
  jobs: JobTable
}
