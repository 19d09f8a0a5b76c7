import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, DIALECTS, type TestDatabase } from '../../../tests/helpers/database.ts'
import { migrateToLatest } from '../db/database.ts'
import { seed } from '../db/seed/seed.ts'
import { startSmtpListener, type SmtpListener } from './mail-test-setup.ts'

// Exactly once across a crash: a real server process commits a notify-me request with its mail and is killed
// (SIGKILL, no shutdown) before it sends anything; a new process sends the mail once to a real SMTP listener.

const POLL_MS = 50

interface Server {
  child: ChildProcess
  url: string
}

async function startServer(databaseUrl: string, env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      DIST_DIR: 'no-build-here',
      JOBS_POLL_MS: String(POLL_MS),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  await expect
    .poll(() => output, { timeout: 30_000, interval: 50 })
    .toMatch(/Server listening at http:\/\/127\.0\.0\.1:\d+/)
  const url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!
  return { child, url }
}

async function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = once(child, 'exit')
  child.kill(signal)
  await exited
}

describe.each(DIALECTS)('a mail across a crash on %s', (dialect) => {
  let database: TestDatabase
  let smtp: SmtpListener
  const children: ChildProcess[] = []
  beforeAll(async () => {
    smtp = await startSmtpListener()
    database = await createTestDatabase(dialect)
    await migrateToLatest(database.handle.db)
    await seed(database.handle.db)
  })
  afterAll(async () => {
    for (const child of children) await stop(child, 'SIGKILL')
    await database?.drop()
    await smtp?.close()
  })

  it('is sent exactly once when the process dies between the commit and the send', { timeout: 90_000 }, async () => {
    const env = { SMTP_URL: smtp.url }
    // No worker in the first process: it commits the change and its mail, and dies before any send.
    const first = await startServer(database.url, { ...env, JOBS: 'off' })
    children.push(first.child)
    const res = await fetch(`${first.url}/api/stockreminders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ productVariantId: 4001, emailAddress: 'crash@example.nl' }),
    })
    expect(res.status).toBe(200)
    await stop(first.child, 'SIGKILL')
    const db = database.handle.db
    const mail = await db
      .selectFrom('mails')
      .selectAll()
      .where('recipient', '=', 'crash@example.nl')
      .executeTakeFirstOrThrow()
    expect(mail).toMatchObject({ state: 'queued', attempts: 0 })
    expect(smtp.received).toHaveLength(0)

    const second = await startServer(database.url, { ...env, JOBS: 'on' })
    children.push(second.child)
    await expect.poll(() => smtp.received.length, { timeout: 30_000, interval: POLL_MS }).toBe(1)
    // Several poll intervals later, still the one mail.
    await new Promise((resolve) => setTimeout(resolve, 20 * POLL_MS))
    expect(smtp.received).toHaveLength(1)
    const [received] = smtp.received
    expect(received!.messageId).toBe(mail.messageId)
    expect(received!.to && 'text' in received!.to && received!.to.text).toBe('crash@example.nl')
    const sent = await db.selectFrom('mails').selectAll().where('id', '=', mail.id).executeTakeFirstOrThrow()
    expect(sent).toMatchObject({ state: 'sent', attempts: 1 })
    await stop(second.child, 'SIGTERM')
    expect(second.child.exitCode).toBe(0)
  })
})
