import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { claimJob, completeJob } from './job.repository.ts'
import { jobName, useJobDatabase } from './job-test-setup.ts'

// Several workers on one database: a job runs once however many claim at the same time, the job of a worker that
// stopped is run again after its lease, and a worker told to stop finishes what it runs.

const Payload = z.object({ n: z.number() })

describe.each(DIALECTS)('job workers on %s', (dialect) => {
  const { db, handle, queue, job, advance, now, openAnother } = useJobDatabase(dialect)

  it('runs the job of a worker that stopped half-way again once its lease lapsed', async () => {
    const name = jobName('crashed')
    const jobs = queue()
    const attempts: number[] = []
    jobs.register(name, Payload, async (_payload, { attempt }) => void attempts.push(attempt), { leaseMs: 30_000 })
    const { id } = await jobs.enqueue(db(), name, { n: 1 })
    const iso = (ms: number) => new Date(ms).toISOString()
    const crashed = await claimJob(db(), dialect, {
      names: [name],
      workerId: 'crashed-worker',
      now: iso(now()),
      lockedUntil: iso(now() + 30_000),
    })
    expect(crashed).toMatchObject({ id, state: 'running', lockedBy: 'crashed-worker', attempts: 1 })
    advance(29_999)
    expect(await jobs.drain()).toBe(0)
    advance(1)
    expect(await jobs.drain()).toBe(1)
    expect(attempts).toEqual([2])
    expect(await job(id)).toMatchObject({ state: 'done', attempts: 2, lockedBy: null })
    // The first worker, back late, cannot mark the job as its own.
    expect(await completeJob(db(), crashed!, iso(now()), null)).toBe(false)
  })

  it('fails a job for good when its worker stopped during the last attempt', async () => {
    const name = jobName('last-attempt')
    const jobs = queue()
    const handler = vi.fn<() => Promise<void>>(async () => undefined)
    jobs.register(name, Payload, handler, { maxAttempts: 1, leaseMs: 1000 })
    const { id } = await jobs.enqueue(db(), name, { n: 1 })
    const iso = (ms: number) => new Date(ms).toISOString()
    await claimJob(db(), dialect, { names: [name], workerId: 'gone', now: iso(now()), lockedUntil: iso(now() + 1000) })
    advance(1000)
    expect(await jobs.drain()).toBe(1)
    expect(handler).not.toHaveBeenCalled()
    expect(await job(id)).toMatchObject({ state: 'failed', lastError: expect.stringMatching(/lease lapsed/) })
  })

  it('runs each of 50 jobs once with two servers, each with its own connections, claiming at once', async () => {
    const name = jobName('shared')
    const runs: { n: number; worker: string }[] = []
    const make = (on = handle()) => {
      const jobs = queue({ concurrency: 3 }, on)
      jobs.register(name, Payload, async ({ n }) => {
        runs.push({ n, worker: jobs.workerId })
        await new Promise((resolve) => setImmediate(resolve))
      })
      return jobs
    }
    const first = make()
    const second = make(openAnother())
    for (let n = 0; n < 50; n++) await first.enqueue(db(), name, { n })
    const [a, b] = await Promise.all([first.drain(), second.drain()])
    expect(a + b).toBe(50)
    expect(Math.min(a, b)).toBeGreaterThan(0) // both servers took part
    expect(runs.map((run) => run.n).toSorted((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, n) => n))
    const done = await db().selectFrom('jobs').select('state').where('name', '=', name).execute()
    expect(done.every((row) => row.state === 'done')).toBe(true)
  })

  /** A started worker running a job that goes on until `finish` is called. */
  async function startWithBlockedJob(name: string) {
    const jobs = queue({ pollMs: 5 })
    let started!: () => void
    const running = new Promise<void>((resolve) => (started = resolve))
    let finish!: () => void
    const finished = new Promise<void>((resolve) => (finish = resolve))
    const handler = vi.fn<() => Promise<void>>(async () => {
      started()
      await finished
    })
    jobs.register(name, Payload, handler)
    const { id } = await jobs.enqueue(db(), name, { n: 1 })
    await jobs.start()
    await running
    return { jobs, id, handler, finish }
  }

  it('waits on stop for the job it runs, and claims no new one', async () => {
    const name = jobName('graceful')
    const { jobs, id, handler, finish } = await startWithBlockedJob(name)
    let stopped = false
    const stopping = jobs.stop(5000).then(() => (stopped = true))
    const later = await jobs.enqueue(db(), name, { n: 2 })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(stopped).toBe(false)
    finish()
    await stopping
    expect(await job(id)).toMatchObject({ state: 'done' })
    expect(await job(later.id)).toMatchObject({ state: 'queued', attempts: 0 })
    expect(handler).toHaveBeenCalledTimes(1)
  })

  it('stops after the timeout when a job runs on, leaving it to its lease', async () => {
    const name = jobName('stuck')
    const { jobs, id, finish } = await startWithBlockedJob(name)
    await jobs.stop(20)
    expect(await job(id)).toMatchObject({ state: 'running', lockedBy: jobs.workerId })
    finish()
    await vi.waitFor(async () => expect(await job(id)).toMatchObject({ state: 'done' }))
  })
})
