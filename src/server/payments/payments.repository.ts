// The payments' queries: the shop's record of each provider payment, and the built-in test provider's own records.
import type { Insertable, Selectable } from 'kysely'
import type { PaymentStatus } from '../../domain/payment-status.ts'
import type { PaymentProviderName, PaymentTable, TestProviderPaymentTable } from '../db/tables/payments.ts'
import type { Executor } from '../jobs/job.repository.ts'

export type PaymentRow = Selectable<PaymentTable>
export type TestProviderPaymentRow = Selectable<TestProviderPaymentTable>

export async function insertPayment(
  db: Executor,
  payment: Omit<Insertable<PaymentTable>, 'id' | 'createdAt' | 'updatedAt'>,
  now: string,
): Promise<PaymentRow> {
  return db
    .insertInto('payments')
    .values({ ...payment, createdAt: now, updatedAt: now })
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function findPayment(
  db: Executor,
  provider: PaymentProviderName,
  providerPaymentId: string,
): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('provider', '=', provider)
    .where('providerPaymentId', '=', providerPaymentId)
    .executeTakeFirst()
}

/** The latest payment started for a reference (an order's id), if any. */
export async function latestPaymentOf(db: Executor, reference: string): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('reference', '=', reference)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
}

/** Moves a payment from `from` to `to`; false when its status is no longer `from` (another event came first). */
export async function movePayment(
  db: Executor,
  id: number,
  from: PaymentStatus,
  to: PaymentStatus,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ status: to, updatedAt: now })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

export async function insertTestProviderPayment(
  db: Executor,
  payment: Omit<TestProviderPaymentRow, 'createdAt' | 'updatedAt'>,
  now: string,
): Promise<void> {
  await db
    .insertInto('testProviderPayments')
    .values({ ...payment, createdAt: now, updatedAt: now })
    .execute()
}

export async function findTestProviderPayment(db: Executor, id: string): Promise<TestProviderPaymentRow | undefined> {
  return db.selectFrom('testProviderPayments').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Records the payer's choice on an open test payment; false when it was decided already. */
export async function decideTestProviderPayment(
  db: Executor,
  id: string,
  status: PaymentStatus,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('testProviderPayments')
    .set({ status, updatedAt: now })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}
