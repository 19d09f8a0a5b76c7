// `npm run jobs -- list` prints the jobs by state and the failed ones with their last error; `retry <id>` queues a
// failed job again with fresh attempts. Lines for people go to stderr, the listing to stdout.
import type { Db } from '../db/database.ts'
import { countJobsByState, findFailedJobs, retryFailedJob } from './job.repository.ts'

const LIST_LIMIT = 100

export async function jobsCommand(db: Db, args: string[], now = new Date()): Promise<number> {
  const [action, id] = args
  if (action === 'list') {
    const counts = await countJobsByState(db)
    process.stdout.write(
      `${Object.entries(counts)
        .map(([state, count]) => `${state} ${count}`)
        .join(', ')}\n`,
    )
    for (const job of await findFailedJobs(db, LIST_LIMIT)) {
      process.stdout.write(
        `#${job.id} ${job.name} failed ${job.finishedAt ?? job.updatedAt} after ${job.attempts} attempts: ${job.lastError ?? ''}\n`,
      )
    }
    return 0
  }
  if (action === 'retry' && id && /^\d+$/.test(id)) {
    if (await retryFailedJob(db, Number(id), now.toISOString())) {
      console.warn(`job #${id} is queued again`)
      return 0
    }
    console.error(`there is no failed job #${id}`)
    return 1
  }
  console.error('usage: npm run jobs -- list | retry <id>')
  return 2
}
