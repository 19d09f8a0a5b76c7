// Scan result and feed advice queries (Kysely only). JSON columns leave here parsed with the domain's schemas; every
// read is of one account's own rows, or of the one result a result page's key names.
import { sql } from 'kysely'
import type { AccountFeedAdvice, AccountScanResult } from '../../domain/account-scans.ts'
import { StoredFeedAdviceSchema } from '../../domain/account-scans.ts'
import { NutritionSchema } from '../../domain/catalogue.ts'
import { HorseAdviceInputsSchema, type HorseAdviceInputs, type ScanResult } from '../../domain/scan.ts'
import type { z } from 'zod'
import { jsonColumn } from '../db/json-column.ts'
import type { Executor } from '../jobs/job.repository.ts'

const nutrition = jsonColumn('scanResults', 'nutrition', NutritionSchema)
const inputs = jsonColumn('feedAdvice', 'inputs', HorseAdviceInputsSchema)
const advice = jsonColumn('feedAdvice', 'advice', StoredFeedAdviceSchema)

/** The account with this address on this site (the address as sign-in compares it: trimmed, lower case). */
export async function findAccountIdByEmail(db: Executor, siteId: number, emailAddress: string) {
  const row = await db
    .selectFrom('accounts')
    .select('id')
    .where('siteId', '=', siteId)
    .where('emailKey', '=', emailAddress.trim().toLowerCase())
    .executeTakeFirst()
  return row?.id
}

type ScanRow = {
  id: number
  name: string
  type: string
  receiptDate: string
  resultDate: string | null
  sampleValue: number | null
  targetValue: number | null
  average: number | null
  dryMatterPercentage: number | null
  nutrition: string | null
  readAt: string | null
  createdAt: string
}

const num = (value: number | string | null) => (value === null ? null : Number(value))

function scanResultOf(row: ScanRow): AccountScanResult {
  return {
    scanResultId: row.id,
    name: row.name,
    type: row.type as ScanResult['type'],
    receiptDate: row.receiptDate,
    resultDate: row.resultDate,
    sampleValue: num(row.sampleValue),
    targetValue: num(row.targetValue),
    average: num(row.average),
    dryMatterPercentage: num(row.dryMatterPercentage),
    nutrition: nutrition.parseNullable(row.nutrition),
    read: row.readAt !== null,
    createdAt: row.createdAt,
  }
}

const SCAN_COLUMNS = [
  'id',
  'name',
  'type',
  'receiptDate',
  'resultDate',
  'sampleValue',
  'targetValue',
  'average',
  'dryMatterPercentage',
  'nutrition',
  'readAt',
  'createdAt',
] as const

export async function findScanResults(db: Executor, accountId: number): Promise<AccountScanResult[]> {
  const rows = await db
    .selectFrom('scanResults')
    .select(SCAN_COLUMNS)
    .where('accountId', '=', accountId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute()
  return rows.map(scanResultOf)
}

export async function findScanResult(db: Executor, accountId: number, id: number) {
  const row = await db
    .selectFrom('scanResults')
    .select(SCAN_COLUMNS)
    .where('accountId', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst()
  return row && scanResultOf(row)
}

/** A result by the key of its result page, on a site: with its account, so opening it marks it read there. */
export async function findScanResultByKey(db: Executor, siteId: number, key: string) {
  const row = await db
    .selectFrom('scanResults')
    .select([...SCAN_COLUMNS, 'accountId'])
    .where('siteId', '=', siteId)
    .where('resultKey', '=', key)
    .executeTakeFirst()
  return row && { ...scanResultOf(row), accountId: row.accountId }
}

/** The type of the result a result page's key names on a site (the routing of that page), or undefined. */
export async function findResultKeyType(db: Executor, siteId: number, key: string) {
  const row = await db
    .selectFrom('scanResults')
    .select('type')
    .where('siteId', '=', siteId)
    .where('resultKey', '=', key)
    .executeTakeFirst()
  return row?.type as ScanResult['type'] | undefined
}

/** Whom a mail about the account's results goes to, in which language. */
export function findAccountForMail(db: Executor, accountId: number) {
  return db
    .selectFrom('accounts')
    .select(['emailAddress', 'languageId'])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow()
}

/** Marks one of the account's results or advice read; only the first opening counts. */
export async function markRead(
  db: Executor,
  table: 'scanResults' | 'feedAdvice',
  accountId: number,
  id: number,
  at: Date,
): Promise<void> {
  await db
    .updateTable(table)
    .set({ readAt: at.toISOString() })
    .where('accountId', '=', accountId)
    .where('id', '=', id)
    .where('readAt', 'is', null)
    .execute()
}

async function countUnread(db: Executor, table: 'scanResults' | 'feedAdvice', accountId: number): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select(sql<number>`count(*)`.as('count'))
    .where('accountId', '=', accountId)
    .where('readAt', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export const countUnreadScanResults = (db: Executor, accountId: number) => countUnread(db, 'scanResults', accountId)
export const countUnreadFeedAdvice = (db: Executor, accountId: number) => countUnread(db, 'feedAdvice', accountId)

export interface NewScanResult extends Omit<ScanResult, 'nutrition'> {
  accountId: number
  siteId: number
  nutrition: ScanResult['nutrition']
  resultKey: string
  at: Date
}

export async function insertScanResult(db: Executor, result: NewScanResult): Promise<number> {
  const { at, nutrition: values, ...rest } = result
  const row = await db
    .insertInto('scanResults')
    .values({
      ...rest,
      nutrition: values === null ? null : nutrition.serialise(values),
      readAt: null,
      createdAt: at.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(row.id)
}

type AdviceRow = {
  id: number
  horseName: string
  inputs: string
  advice: string
  readAt: string | null
  createdAt: string
}

function feedAdviceOf(row: AdviceRow): AccountFeedAdvice {
  return {
    feedAdviceId: row.id,
    horseName: row.horseName,
    inputs: inputs.parse(row.inputs),
    advice: { ...advice.parse(row.advice), read: row.readAt !== null },
    createdAt: row.createdAt,
  }
}

const ADVICE_COLUMNS = ['id', 'horseName', 'inputs', 'advice', 'readAt', 'createdAt'] as const

export async function findFeedAdviceList(db: Executor, accountId: number): Promise<AccountFeedAdvice[]> {
  const rows = await db
    .selectFrom('feedAdvice')
    .select(ADVICE_COLUMNS)
    .where('accountId', '=', accountId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute()
  return rows.map(feedAdviceOf)
}

export async function findFeedAdvice(db: Executor, accountId: number, id: number) {
  const row = await db
    .selectFrom('feedAdvice')
    .select(ADVICE_COLUMNS)
    .where('accountId', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst()
  return row && feedAdviceOf(row)
}

export interface NewFeedAdvice {
  accountId: number
  siteId: number
  horseName: string
  inputs: HorseAdviceInputs
  advice: z.input<typeof StoredFeedAdviceSchema>
  at: Date
}

export async function insertFeedAdvice(db: Executor, row: NewFeedAdvice): Promise<number> {
  const inserted = await db
    .insertInto('feedAdvice')
    .values({
      accountId: row.accountId,
      siteId: row.siteId,
      horseName: row.horseName,
      inputs: inputs.serialise(row.inputs),
      advice: advice.serialise(StoredFeedAdviceSchema.parse(row.advice)),
      readAt: null,
      createdAt: row.at.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(inserted.id)
}
