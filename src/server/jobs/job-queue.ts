// Background jobs on the shop's own database: mails, payment expiry, stock reminders and clean-ups run here, on
// SQLite and on PostgreSQL alike. A small runner of our own rather than a library: no maintained queue library runs
// on both node:sqlite and PostgreSQL without Redis (pg-boss is PostgreSQL-only, BullMQ needs Redis), and the rules
// below fit in a few hundred lines.
//
// - A job is a row (job.repository.ts), so it survives a restart, and `enqueue` takes the caller's transaction, so a
//   job exists exactly when the change that causes it was committed. A dedupe key makes one job of an event
//   enqueued twice.
// - A worker claims a due job with a lease (`leaseMs`); if the worker stops half-way, the lease lapses and another
//   worker runs the job again. Delivery is therefore at least once: handlers must be idempotent.
// - A failed run is retried with exponential backoff (backoff.ts) until `maxAttempts`; then the job stays `failed`
//   with its last error, for `npm run jobs -- list` and `retry`. A payload that does not match the handler's schema
//   fails at once: trying again cannot fix it.
// - Repeating jobs have one row per name, made at start; after each run the row is queued again `everyMs` later.
import { hostname } from 'node:os'
import { randomBytes } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { z } from 'zod'
import type { Db, DatabaseHandle } from '../db/database.ts'
import { DEFAULT_BACKOFF, retryDelayMs, type Backoff } from './backoff.ts'
import {
  claimJob,
  completeJob,
  failJob,
  insertJob,
  upsertRepeatingJob,
  type Executor,
  type JobRow,
} from './job.repository.ts'

export const DEFAULT_MAX_ATTEMPTS = 5
export const DEFAULT_LEASE_MS = 5 * 60_000

/** What a handler gets besides its payload. */
export interface JobContext {
  id: number
  name: string
  /** 1 for the first run. */
  attempt: number
  db: Db
  /** The queue's clock when the run started. */
  now: Date
}

export type JobHandler<T> = (payload: T, job: JobContext) => Promise<void>

export interface HandlerOptions {
  /** Runs before the job fails for good; the default is 5. Applies to jobs enqueued here and to repeating ones. */
  maxAttempts?: number
  backoff?: Backoff
  /** How long a run may take before another worker may claim the job again. */
  leaseMs?: number
}

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date
  /** Or this long from now. */
  delayMs?: number
  /** One job per key, however often it is enqueued (e.g. 'mail:order-123:confirmation'). */
  dedupeKey?: string
  maxAttempts?: number
}

export interface JobQueueOptions {
  log: FastifyBaseLogger
  /** How often an idle worker looks for due jobs. */
  pollMs?: number
  /** Jobs run at once by this process. */
  concurrency?: number
  /** The clock, in milliseconds; tests move it instead of waiting. */
  now?: () => number
  /** In [0, 1), for the backoff's jitter. */
  random?: () => number
  /** Names this worker in `locked_by`. */
  workerId?: string
}

interface Registration {
  schema: z.ZodType
  handler: JobHandler<unknown>
  maxAttempts: number
  backoff: Backoff
  leaseMs: number
  everyMs?: number
}

const iso = (ms: number) => new Date(ms).toISOString()

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** Thrown by a handler when trying again cannot help (e.g. a mail server refused the address): the job fails at once. */
export class PermanentJobError extends Error {}

/** A payload that is not JSON or not of the handler's schema: trying again cannot fix it. */
class BadPayload extends PermanentJobError {}

function payloadOf(job: JobRow, schema: z.ZodType): unknown {
  let value: unknown
  try {
    value = JSON.parse(job.payload)
  } catch {
    throw new BadPayload('bad payload: not JSON')
  }
  const result = schema.safeParse(value)
  if (!result.success) throw new BadPayload(`bad payload: ${z.prettifyError(result.error).replaceAll('\n', ' ')}`)
  return result.data
}

export class JobQueue {
  readonly #db: Db
  readonly #dialect: DatabaseHandle['dialect']
  readonly #log: FastifyBaseLogger
  readonly #pollMs: number
  readonly #concurrency: number
  readonly #now: () => number
  readonly #random: () => number
  readonly workerId: string
  readonly #handlers = new Map<string, Registration>()
  readonly #running = new Set<Promise<void>>()
  #loop: Promise<void> | undefined
  #stopping = false
  #stopped: Promise<void> | undefined
  #wake: (() => void) | undefined

  constructor(database: Pick<DatabaseHandle, 'db' | 'dialect'>, options: JobQueueOptions) {
    this.#db = database.db
    this.#dialect = database.dialect
    this.#log = options.log
    this.#pollMs = options.pollMs ?? 1000
    this.#concurrency = options.concurrency ?? 1
    this.#now = options.now ?? Date.now
    this.#random = options.random ?? Math.random
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`
  }

  /** Runs jobs of `name`; their payload must match `schema`. */
  register<S extends z.ZodType>(
    name: string,
    schema: S,
    handler: JobHandler<z.output<S>>,
    options: HandlerOptions = {},
  ): void {
    if (this.#handlers.has(name)) throw new Error(`The job ${name} has a handler already`)
    this.#handlers.set(name, {
      schema,
      handler: handler as JobHandler<unknown>,
      maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      backoff: options.backoff ?? DEFAULT_BACKOFF,
      leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
    })
  }

  /** Runs `handler` every `everyMs` (counted from the end of a run), on one server at a time. */
  repeat(name: string, everyMs: number, handler: JobHandler<void>, options: HandlerOptions = {}): void {
    this.register(name, z.object({}), (_payload, job) => handler(undefined, job), options)
    this.#handlers.get(name)!.everyMs = everyMs
  }

  /**
   * Writes a job with `db`, which may be the transaction of the change that causes it. Answers its id, and whether it
   * is new (false: a job with the same dedupe key exists). A payload this process has a schema for is checked now.
   */
  async enqueue(
    db: Executor,
    name: string,
    payload: unknown,
    options: EnqueueOptions = {},
  ): Promise<{ id: number; created: boolean }> {
    const registration = this.#handlers.get(name)
    if (registration) registration.schema.parse(payload)
    const now = this.#now()
    const runAt = options.runAt?.getTime() ?? now + (options.delayMs ?? 0)
    return insertJob(db, {
      name,
      payload: JSON.stringify(payload ?? {}),
      runAt: iso(runAt),
      maxAttempts: options.maxAttempts ?? registration?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      dedupeKey: options.dedupeKey ?? null,
      now: iso(now),
    })
  }

  /** Makes the row of every repeating job (idempotent; start() does it). */
  async scheduleRepeating(): Promise<void> {
    for (const [name, { everyMs, maxAttempts }] of this.#handlers) {
      if (everyMs !== undefined)
        await upsertRepeatingJob(this.#db, { name, everyMs, maxAttempts, now: iso(this.#now()) })
    }
  }

  /** Claims and runs due jobs until none is left, at most `concurrency` at once; for tests and scripts. */
  async drain(): Promise<number> {
    let ran = 0
    for (;;) {
      const jobs = await this.#claimUpTo(this.#concurrency)
      if (jobs.length === 0) return ran
      await Promise.all(jobs.map((job) => this.#run(job)))
      ran += jobs.length
    }
  }

  /** Starts the polling worker. */
  async start(): Promise<void> {
    if (this.#loop) return
    await this.scheduleRepeating()
    this.#loop = this.#poll()
    this.#log.info(
      {
        workerId: this.workerId,
        concurrency: this.#concurrency,
        pollMs: this.#pollMs,
        jobs: [...this.#handlers.keys()],
      },
      'job worker started',
    )
  }

  /**
   * Stops claiming and waits up to `timeoutMs` for the jobs running now. A job still running then keeps its lease
   * and is claimed again once the lease lapses.
   */
  stop(timeoutMs: number): Promise<void> {
    if (!this.#loop) return Promise.resolve()
    this.#stopped ??= this.#stop(this.#loop, timeoutMs)
    return this.#stopped
  }

  async #stop(loop: Promise<void>, timeoutMs: number): Promise<void> {
    this.#stopping = true
    this.#wake?.()
    let timer: NodeJS.Timeout | undefined
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs)
    })
    const outcome = await Promise.race([loop.then(() => Promise.all(this.#running)), timedOut])
    clearTimeout(timer)
    if (outcome === 'timeout') this.#log.warn({ running: this.#running.size }, 'job worker stopped with jobs running')
    else this.#log.info('job worker stopped')
  }

  async #poll(): Promise<void> {
    while (!this.#stopping) {
      let claimed = 0
      try {
        const jobs = await this.#claimUpTo(this.#concurrency - this.#running.size)
        claimed = jobs.length
        for (const job of jobs) {
          const run = this.#run(job).finally(() => {
            this.#running.delete(run)
            this.#wake?.()
          })
          this.#running.add(run)
        }
      } catch (err) {
        this.#log.error({ err }, 'claiming a job failed')
      }
      // Look again at once while there was work and room; otherwise wait for the poll interval or a finished job.
      if (claimed > 0 && this.#running.size < this.#concurrency) continue
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.#pollMs)
        this.#wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      this.#wake = undefined
    }
  }

  async #claimUpTo(room: number): Promise<JobRow[]> {
    const jobs: JobRow[] = []
    const names = [...this.#handlers.keys()]
    if (names.length === 0) return jobs
    while (jobs.length < room) {
      const now = this.#now()
      const job = await claimJob(this.#db, this.#dialect, {
        names,
        workerId: this.workerId,
        now: iso(now),
        // The longest lease of any handler: the claim does not know yet which job it gets.
        lockedUntil: iso(now + Math.max(...[...this.#handlers.values()].map((h) => h.leaseMs))),
      })
      if (!job) break
      jobs.push(job)
    }
    return jobs
  }

  async #run(job: JobRow): Promise<void> {
    const registration = this.#handlers.get(job.name)!
    const log = this.#log.child({ jobId: job.id, job: job.name, attempt: job.attempts })
    const started = this.#now()
    try {
      if (job.attempts > job.maxAttempts) throw new LeaseLapsed()
      const payload = payloadOf(job, registration.schema)
      log.info('job started')
      await registration.handler(payload, {
        id: job.id,
        name: job.name,
        attempt: job.attempts,
        db: this.#db,
        now: new Date(started),
      })
      const now = this.#now()
      const next = registration.everyMs === undefined ? null : iso(now + registration.everyMs)
      if (await completeJob(this.#db, job, iso(now), next)) log.info({ ms: now - started, next }, 'job done')
      else log.warn('job done after its lease went to another worker')
    } catch (error) {
      await this.#failed(job, registration, error, log).catch((err: unknown) =>
        log.error({ err }, 'recording a failed job failed'),
      )
    }
  }

  async #failed(job: JobRow, registration: Registration, error: unknown, log: FastifyBaseLogger): Promise<void> {
    const now = this.#now()
    const final = job.attempts >= job.maxAttempts || error instanceof PermanentJobError
    const retryAt = final ? null : iso(now + retryDelayMs(job.attempts, registration.backoff, this.#random))
    await failJob(this.#db, job, messageOf(error), iso(now), retryAt)
    if (retryAt) log.warn({ err: error, retryAt }, 'job failed; it will be tried again')
    else log.error({ err: error }, 'job failed for good')
  }
}

/** A job whose last attempt ended without a word: its worker stopped and the lease lapsed. */
class LeaseLapsed extends Error {
  constructor() {
    super('the worker running its last attempt stopped (the lease lapsed)')
  }
}
