// npm run bench, part 9: a restock of a variant with 10,000 waiting e-mail requests and 10,000 waiting push requests.
// The shop runs as it does in production (its own process, its job worker, SQLite); its mails go to a real SMTP
// listener and its pushes to a local push service that checks every VAPID header and decrypts every message, both in
// this process. Measured: the restock job (every request's mail queued or push job enqueued, each marked served),
// then every mail and every push arriving, and the shop process's resident memory through it (sampled from /proc).
// BENCH_REMINDERS (default 10000 of each) and BENCH_JOBS_CONCURRENCY (default 1, the shop's default) tune the run.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../src/server/db/database.ts'
import { startSmtpListener } from '../src/server/mail/mail-test-setup.ts'
import { RESTOCK_JOB } from '../src/server/stock-reminders/stock-reminder.service.ts'
import { startPushService } from '../tests/helpers/push-service.ts'
import { startShop, stopAll } from './harness.ts'

const PORT = 18_191
const COUNT = Number(process.env.BENCH_REMINDERS ?? 10_000)
const CONCURRENCY = process.env.BENCH_JOBS_CONCURRENCY ?? '1'
const VARIANT = 3601
const TOKEN = 'benchmark-only-back-office-token-0123456789'
const dir = mkdtempSync(join(tmpdir(), 'shop-bench-reminders-'))
const databaseUrl = `sqlite:${join(dir, 'shop.sqlite')}`

/** The resident memory of a process, in MiB (Linux). */
const rssOf = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m)
  return line ? Number(line[1]) / 1024 : NaN
}
const seconds = (ms: number) => (ms / 1000).toFixed(1)

const smtp = await startSmtpListener()
// Decrypts every message (as the tests do): the check costs this process about 0.2 ms a push.
const push = await startPushService()
try {
  const shop = await startShop(PORT, databaseUrl, {
    DIST_DIR: join(dir, 'no-build'),
    SMTP_URL: smtp.url,
    PUSH_ENDPOINT_ORIGINS: push.origin,
    JOBS_POLL_MS: '100',
    JOBS_CONCURRENCY: CONCURRENCY,
  })
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`http://127.0.0.1:${PORT}${path}`, {
      ...init,
      headers: { host: 'equivera-nl.localhost', 'content-type': 'application/json', ...init.headers },
    })
  const setStock = async (stock: number) => {
    const res = await api('/api/backoffice/stock', {
      method: 'PUT',
      headers: { authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify([{ productVariantId: VARIANT, stock }]),
    })
    if (!res.ok) throw new Error(`stock update: ${res.status} ${await res.text()}`)
  }
  await setStock(0)
  // The VAPID key pair is made on first use: made now, outside the measurement.
  if (!(await api('/api/push/key')).ok) throw new Error('no VAPID key')

  // The waiting requests, written straight into the shop's database (as thousands of shoppers would have, over weeks).
  const { db, close } = openDatabase(databaseUrl)
  const createdAt = new Date().toISOString()
  for (let start = 0; start < COUNT; start += 500) {
    const n = Math.min(500, COUNT - start)
    await db
      .insertInto('stockReminders')
      .values(
        Array.from({ length: n }, (_, i) => ({
          siteId: 1,
          variantId: VARIANT,
          emailAddress: `rider${start + i}@example.nl`,
          languageId: 12,
          accountId: null,
          cancelToken: (start + i).toString(16).padStart(32, '0'),
          createdAt,
          notifiedAt: null,
          cancelledAt: null,
        })),
      )
      .execute()
    await db
      .insertInto('pushReminders')
      .values(
        Array.from({ length: n }, (_, i) => {
          const { endpoint, keys } = push.subscribe(`device-${start + i}`)
          return {
            siteId: 1,
            variantId: VARIANT,
            languageId: 12,
            accountId: null,
            endpoint,
            p256dh: keys.p256dh,
            auth: keys.auth,
            createdAt,
            notifiedAt: null,
          }
        }),
      )
      .execute()
  }

  const pid = shop.pid!
  const before = rssOf(pid)
  let peak = before
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid))
  }, 50)
  const started = performance.now()
  await setStock(50)
  let queuedAt = 0
  let mailsAt = 0
  let pushesAt = 0
  const deadline = started + 15 * 60_000
  while ((!queuedAt || !mailsAt || !pushesAt) && performance.now() < deadline) {
    await new Promise((done) => setTimeout(done, 100))
    const now = performance.now() - started
    if (!queuedAt) {
      const job = await db
        .selectFrom('jobs')
        .select('state')
        .where('name', '=', RESTOCK_JOB)
        .where('payload', '=', JSON.stringify({ variantId: VARIANT }))
        .executeTakeFirst()
      if (job?.state === 'done') queuedAt = now
    }
    if (!mailsAt && smtp.received.length >= COUNT) mailsAt = now
    if (!pushesAt && push.received.length >= COUNT) pushesAt = now
  }
  clearInterval(sampler)
  await close()
  if (!mailsAt || !pushesAt)
    throw new Error(`not all sent: ${smtp.received.length} mails, ${push.received.length} pushes`)
  if (push.rejected.length > 0) throw new Error(`the push service refused ${push.rejected.length} pushes`)

  console.log(
    `\nA restock with ${COUNT} waiting e-mail and ${COUNT} waiting push requests (JOBS_CONCURRENCY=${CONCURRENCY})`,
  )
  console.log(`| step | seconds | per second |`)
  console.log(`|---|---|---|`)
  console.log(
    `| restock job: ${COUNT * 2} requests served, mails queued, push jobs enqueued | ${seconds(queuedAt)} | ${Math.round((COUNT * 2 * 1000) / queuedAt)} |`,
  )
  console.log(`| every mail at the SMTP listener | ${seconds(mailsAt)} | ${Math.round((COUNT * 1000) / mailsAt)} |`)
  console.log(
    `| every push at the push service (decrypted) | ${seconds(pushesAt)} | ${Math.round((COUNT * 1000) / pushesAt)} |`,
  )
  console.log(
    `shop process memory: ${before.toFixed(0)} MiB before, peak ${peak.toFixed(0)} MiB (+${(peak - before).toFixed(0)} MiB)`,
  )
} finally {
  stopAll()
  await smtp.close()
  await push.close()
  rmSync(dir, { recursive: true, force: true })
}
