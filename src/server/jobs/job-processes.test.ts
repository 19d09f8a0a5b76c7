import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { jobName, useJobDatabase } from './job-test-setup.ts'

// Two server processes on one database (for SQLite, two processes on one file) run each job once.

describe.each(DIALECTS)('job workers in two processes on %s', (dialect) => {
  const { db, queue, url, now } = useJobDatabase(dialect)

  it('runs each of 200 jobs once between this process and another', async () => {
    const name = jobName('processes')
    const jobs = queue({ concurrency: 3 })
    const here: number[] = []
    jobs.register(name, z.object({ n: z.number() }), async ({ n }) => {
      here.push(n)
      await new Promise((resolve) => setImmediate(resolve))
    })
    for (let n = 0; n < 200; n++) await jobs.enqueue(db(), name, { n })

    const child = spawn(process.execPath, ['src/server/jobs/job-worker.fixture.ts', url(), name, String(now())], {
      stdio: ['pipe', 'pipe', 'inherit'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
    await expect.poll(() => output, { timeout: 20_000 }).toContain('ready\n')
    child.stdin.end('go\n')
    await jobs.drain()
    expect(await exited).toBe(0)

    const there = output
      .split('\n')
      .filter((line) => /^\d+$/.test(line))
      .map(Number)
    expect(Math.min(here.length, there.length)).toBeGreaterThan(0) // both took part: the other one waited to start
    expect([...here, ...there].toSorted((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, n) => n))
  })
})
