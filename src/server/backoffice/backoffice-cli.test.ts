// `npm run backoffice -- stock` as a process on an SQLite file: a file and standard input set the stock through the
// same service as the API, audited as 'cli'; a refused update changes nothing and a bad document is refused before
// the database is opened.
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { StockUpdateResultSchema } from '../../domain/backoffice-api.ts'
import { migrateToLatest, openDatabase, sqliteFilename } from '../db/database.ts'
import { seed } from '../db/seed/seed.ts'
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/database.ts'
import { findAudit } from './backoffice.repository.ts'

let database: TestDatabase
beforeAll(async () => {
  database = await createTestDatabase('sqlite')
  await migrateToLatest(database.handle.db)
  await seed(database.handle.db)
  await database.handle.close()
})
afterAll(() => database.drop())

function run(args: string[], input?: string, url = database.url) {
  return spawnSync(process.execPath, ['src/server/backoffice/backoffice.cli.ts', ...args], {
    env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: url },
    input,
    encoding: 'utf8',
  })
}

async function inDatabase<T>(read: (db: ReturnType<typeof openDatabase>['db']) => Promise<T>): Promise<T> {
  const handle = openDatabase(database.url)
  try {
    return await read(handle.db)
  } finally {
    await handle.close()
  }
}
const stockOf = (variantId: number) =>
  inDatabase(async (db) => {
    const row = await db
      .selectFrom('variantStock')
      .select('amount')
      .where('variantId', '=', variantId)
      .executeTakeFirst()
    return row?.amount
  })

describe('npm run backoffice -- stock', () => {
  it('sets the stock from a file and audits it as the command line', async () => {
    const file = join(dirname(sqliteFilename(database.url)), 'feed.json')
    writeFileSync(file, JSON.stringify([{ productVariantId: 2901, stock: 11 }], null, 2))
    const result = run(['stock', file])
    expect(result.status, result.stderr).toBe(0)
    expect(StockUpdateResultSchema.parse(JSON.parse(result.stdout)).rows).toEqual([
      { productVariantId: 2901, oldStock: 124, newStock: 11 },
    ])
    expect(await stockOf(2901)).toBe(11)
    const audit = await inDatabase(findAudit)
    expect(audit).toEqual([expect.objectContaining({ action: 'stock', tokenFingerprint: 'cli' })])
    expect(audit[0]!.requestId).toMatch(/^cli-/)
  })

  it('reads standard input for -', async () => {
    const result = run(['stock', '-'], JSON.stringify([{ productVariantId: 2902, stock: 3 }]))
    expect(result.status, result.stderr).toBe(0)
    expect(await stockOf(2902)).toBe(3)
  })

  it('refuses an update with an unknown variant, naming it, and changes nothing', async () => {
    const result = run(
      ['stock', '-'],
      JSON.stringify([
        { productVariantId: 2901, stock: 99 },
        { productVariantId: 999_999, stock: 1 },
      ]),
    )
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('999999')
    expect(await stockOf(2901)).toBe(11)
  })

  it('refuses a database that lacks migrations, saying what to run', async () => {
    const empty = await createTestDatabase('sqlite')
    await empty.handle.close()
    try {
      const result = run(['stock', '-'], '[{"productVariantId":2901,"stock":1}]', empty.url)
      expect(result.status).toBe(1)
      expect(result.stderr).toContain('run npm run db:migrate first')
    } finally {
      await empty.drop()
    }
  })

  it.each([
    ['a document that is not JSON', ['stock', '-'], 'not json', /JSON/],
    [
      'a variant twice',
      ['stock', '-'],
      '[{"productVariantId":1,"stock":1},{"productVariantId":1,"stock":2}]',
      /more than once/,
    ],
    ['no source', ['stock'], undefined, /usage/],
    ['another command', ['price', '-'], undefined, /usage/],
  ])('refuses %s with exit code 2', (_, args, input, message) => {
    const result = run(args, input)
    expect(result.status).toBe(2)
    expect(result.stderr).toMatch(message)
  })
})

describe('npm run backoffice -- order-status', () => {
  const orderId = '0b6f1c2e-8d4a-4f3b-9c5e-7a1d2b3c4d5e'
  beforeAll(() =>
    inDatabase(async (db) => {
      const address = JSON.stringify({
        zipcode: '1234 AB',
        street: 'Hoefijzerlaan',
        streetNumber: '12',
        streetNumberAddition: '',
        city: 'Paardendorp',
        countryId: 1,
      })
      const totals = {
        currency: 'EUR',
        subTotalAmount: 0,
        orderDiscounts: [],
        shippingCosts: 0,
        paymentCosts: 0,
        vatAmountLow: 0,
        vatAmountHigh: 0,
        totalAmountExclVat: 0,
        totalAmount: 0,
      }
      await db
        .insertInto('orders')
        .values({
          id: orderId,
          siteId: 1,
          languageId: 12,
          number: 1,
          keyHash: 'x',
          status: 'paid',
          statusSource: 'test',
          cartId: 'c',
          emailAddress: 'anna@example.nl',
          firstName: 'Anna',
          lastName: 'de Vries',
          phoneNumber: '',
          billingAddress: address,
          shippingAddress: address,
          shippingMethod: 0,
          currency: 'EUR',
          totalAmount: 0,
          totals: JSON.stringify(totals),
          createdAt: '2026-11-25T12:00:00.000Z',
          updatedAt: '2026-11-25T12:00:00.000Z',
        })
        .execute()
    }),
  )

  it('moves an order and audits it as the command line; refuses a move the transitions refuse', async () => {
    const sent = run(['order-status', orderId, 'sent'])
    expect(sent.status, sent.stderr).toBe(0)
    expect(JSON.parse(sent.stdout)).toMatchObject({ orderNumber: 1, from: 'paid', to: 'sent', changed: true })
    const refused = run(['order-status', orderId, 'cancelled'])
    expect(refused.status).toBe(1)
    expect(refused.stderr).toMatch(/cannot move from sent to cancelled/)
    const audit = await inDatabase(findAudit)
    expect(audit.filter((a) => a.action === 'order-status')).toEqual([
      expect.objectContaining({ tokenFingerprint: 'cli', summary: expect.objectContaining({ to: 'sent' }) }),
    ])
  })

  it.each([
    ['an order id that is no id', ['order-status', '42', 'sent']],
    ['a status the back office does not set', ['order-status', orderId, 'paid']],
  ])('refuses %s with exit code 2', (_, args) => {
    const result = run(args)
    expect(result.status).toBe(2)
    expect(result.stderr).toMatch(/usage/)
  })
})
