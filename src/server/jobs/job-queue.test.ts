import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { registerJobCleanUp } from './job-cleanup.ts'
import { countJobsByState, findFailedJobs, retryFailedJob } from './job.repository.ts'
import { PermanentJobError } from './job-queue.ts'
import { jobName, useJobDatabase } from './job-test-setup.ts'

// One process's jobs: when they run, how they are retried and when they stop, what a dedupe key and a bad payload do,
// and repeating jobs. The clock is the test's: nothing here waits.

const OrderPayload = z.object({ orderId: z.number() })

describe.each(DIALECTS)('jobs on %s', (dialect) => {
  const { db, queue, job, advance, now } = useJobDatabase(dialect)

  it('does not run a delayed job before its time, and runs it then', async () => {
    const jobs = queue()
    const name = jobName('delayed')
    const ran: number[] = []
    jobs.register(name, OrderPayload, async ({ orderId }) => void ran.push(orderId))
    const { id } = await jobs.enqueue(db(), name, { orderId: 7 }, { delayMs: 60_000 })
    expect(await jobs.drain()).toBe(0)
    advance(59_999)
    expect(await jobs.drain()).toBe(0)
    advance(1)
    expect(await jobs.drain()).toBe(1)
    expect(ran).toEqual([7])
    expect(await job(id)).toMatchObject({ state: 'done', attempts: 1, lockedBy: null, lockedUntil: null })
    expect(await jobs.drain()).toBe(0)
  })

  it('retries a failing job with growing delays, then keeps it failed with its last error until retried', async () => {
    const jobs = queue()
    const name = jobName('failing')
    let calls = 0
    let healthy = false
    jobs.register(
      name,
      OrderPayload,
      async () => {
        calls++
        if (!healthy) throw new Error(`mail server down (${calls})`)
      },
      { maxAttempts: 4, backoff: { baseMs: 1000, capMs: 3000 } },
    )
    const { id } = await jobs.enqueue(db(), name, { orderId: 1 })
    // With the jitter at its lowest the delay is half of 1 s, 2 s, 3 s (the cap).
    for (const delay of [500, 1000, 1500]) {
      expect(await jobs.drain()).toBe(1)
      const row = await job(id)
      expect(row).toMatchObject({ state: 'queued', lastError: `mail server down (${calls})` })
      expect(Date.parse(row!.runAt) - now()).toBe(delay)
      advance(delay - 1)
      expect(await jobs.drain()).toBe(0)
      advance(1)
    }
    expect(await jobs.drain()).toBe(1)
    expect(calls).toBe(4)
    expect(await job(id)).toMatchObject({ state: 'failed', attempts: 4, lastError: 'mail server down (4)' })
    advance(24 * 3_600_000)
    expect(await jobs.drain()).toBe(0)
    expect((await findFailedJobs(db(), 100)).map((row) => row.id)).toContain(id)
    expect((await countJobsByState(db())).failed).toBeGreaterThanOrEqual(1)

    healthy = true
    expect(await retryFailedJob(db(), id, new Date(now()).toISOString())).toBe(true)
    expect(await retryFailedJob(db(), id, new Date(now()).toISOString())).toBe(false)
    expect(await jobs.drain()).toBe(1)
    expect(await job(id)).toMatchObject({ state: 'done', attempts: 1 })
  })

  it('leaves jobs it has no handler for to the workers that have one', async () => {
    const name = jobName('elsewhere')
    const { id } = await queue().enqueue(db(), name, { orderId: 1 })
    expect(await queue().drain()).toBe(0)
    const other = queue()
    other.register(`${name}.other`, OrderPayload, async () => undefined)
    expect(await other.drain()).toBe(0)
    expect(await job(id)).toMatchObject({ state: 'queued', attempts: 0 })
  })

  it('makes one job of an event enqueued twice with its dedupe key', async () => {
    const jobs = queue()
    const name = jobName('deduped')
    const ran: number[] = []
    jobs.register(name, OrderPayload, async ({ orderId }) => void ran.push(orderId))
    const dedupeKey = `mail:order-${name}:confirmation`
    const first = await jobs.enqueue(db(), name, { orderId: 1 }, { dedupeKey })
    const second = await jobs.enqueue(db(), name, { orderId: 2 }, { dedupeKey })
    expect(second).toEqual({ id: first.id, created: false })
    expect(first.created).toBe(true)
    await jobs.drain()
    expect(await jobs.enqueue(db(), name, { orderId: 3 }, { dedupeKey })).toEqual({ id: first.id, created: false })
    await jobs.drain()
    expect(ran).toEqual([1])
  })

  it('writes a job in the transaction of its cause: none when the transaction rolls back', async () => {
    const jobs = queue()
    const name = jobName('transactional')
    jobs.register(name, OrderPayload, async () => undefined)
    const rolledBack = db()
      .transaction()
      .execute(async (trx) => {
        await jobs.enqueue(trx, name, { orderId: 1 }, { dedupeKey: `${name}:1` })
        throw new Error('the order was refused')
      })
    await expect(rolledBack).rejects.toThrow('the order was refused')
    const committed = await db()
      .transaction()
      .execute((trx) => jobs.enqueue(trx, name, { orderId: 1 }, { dedupeKey: `${name}:1` }))
    expect(committed.created).toBe(true)
    expect(await jobs.drain()).toBe(1)
  })

  it('refuses to enqueue a payload against the schema it knows, and fails a bad stored payload at once, visibly', async () => {
    const name = jobName('payload')
    const producer = queue() // another server, without this job's handler
    const worker = queue()
    const ran: number[] = []
    worker.register(name, OrderPayload, async ({ orderId }) => void ran.push(orderId), { maxAttempts: 5 })
    await expect(worker.enqueue(db(), name, { orderId: 'x' })).rejects.toThrow()
    const bad = await producer.enqueue(db(), name, { orderId: 'x' })
    const good = await producer.enqueue(db(), name, { orderId: 2 })
    expect(await worker.drain()).toBe(2)
    expect(ran).toEqual([2])
    const row = await job(bad.id)
    expect(row).toMatchObject({ state: 'failed', attempts: 1 })
    expect(row?.lastError).toMatch(/^bad payload: .*orderId/)
    expect(await job(good.id)).toMatchObject({ state: 'done' })
  })

  it('fails a job at once when its handler says trying again cannot help', async () => {
    const name = jobName('permanent')
    const jobs = queue()
    let runs = 0
    jobs.register(name, z.object({}), async () => {
      runs++
      throw new PermanentJobError('550 no such user')
    })
    const { id } = await jobs.enqueue(db(), name, {})
    await jobs.drain()
    advance(24 * 3_600_000)
    expect(await jobs.drain()).toBe(0)
    expect(runs).toBe(1)
    expect(await job(id)).toMatchObject({ state: 'failed', attempts: 1, lastError: '550 no such user' })
  })

  it('keeps one row per repeating job, however often servers start, and runs it again after its interval', async () => {
    const name = jobName('repeating')
    let runs = 0
    const make = () => {
      const jobs = queue()
      jobs.repeat(name, 60_000, async () => void runs++)
      return jobs
    }
    const jobs = make()
    await jobs.scheduleRepeating()
    await jobs.scheduleRepeating()
    await make().scheduleRepeating()
    const rows = () => db().selectFrom('jobs').selectAll().where('name', '=', name).execute()
    expect(await rows()).toHaveLength(1)
    expect(await jobs.drain()).toBe(1)
    const [row] = await rows()
    expect(row).toMatchObject({ state: 'queued', attempts: 0, runAt: new Date(now() + 60_000).toISOString() })
    advance(59_000)
    expect(await jobs.drain()).toBe(0)
    advance(1000)
    expect(await jobs.drain()).toBe(1)
    expect(runs).toBe(2)
    expect(await rows()).toHaveLength(1)
  })

  it('cleans up finished jobs older than 7 days, and keeps failed ones', async () => {
    const name = jobName('old')
    const jobs = queue()
    jobs.register(name, z.object({}), async () => undefined)
    jobs.register(`${name}.failing`, z.object({}), async () => Promise.reject(new Error('no')), { maxAttempts: 1 })
    const old = await jobs.enqueue(db(), name, {})
    const failed = await jobs.enqueue(db(), `${name}.failing`, {})
    await jobs.drain()
    advance(7 * 86_400_000 - 1000)
    const recent = await jobs.enqueue(db(), name, {})
    await jobs.drain()
    advance(1001)

    const cleaner = queue()
    registerJobCleanUp(cleaner)
    await cleaner.scheduleRepeating()
    expect(await cleaner.drain()).toBe(1)
    expect(await job(old.id)).toBeUndefined()
    expect(await job(recent.id)).toMatchObject({ state: 'done' })
    expect(await job(failed.id)).toMatchObject({ state: 'failed' })
  })
})
