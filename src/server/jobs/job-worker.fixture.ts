// For job-processes.test.ts: another server process on the same database. Opens it, says `ready`, and on a line on
// stdin drains the jobs of the name it was given at the moment given (ms), printing the number of each job it ran.
import { once } from 'node:events'
import pino from 'pino'
import { z } from 'zod'
import { openDatabase } from '../db/database.ts'
import { JobQueue } from './job-queue.ts'

const [url, name, at] = process.argv.slice(2)
if (!url || !name || !at) throw new Error('usage: job-worker.fixture.ts <database url> <job name> <now, ms>')
const database = openDatabase(url, { poolMax: 5 })
const jobs = new JobQueue(database, { log: pino({ level: 'silent' }), concurrency: 3, now: () => Number(at) })
jobs.register(name, z.object({ n: z.number() }), async ({ n }) => {
  process.stdout.write(`${n}\n`)
  await new Promise((resolve) => setImmediate(resolve))
})
process.stdout.write('ready\n')
await once(process.stdin, 'data')
process.stdin.destroy()
await jobs.drain()
await database.close()
