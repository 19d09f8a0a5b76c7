// The payments' queries: the shop's record of each provider payment, and the built-in test provider's own records.
import type { Insertable, Selectable } from 'kysely'
import type { PaymentStatus } from '../../domain/payment-status.ts'
import type {
  PaymentProviderName,
  PaymentTable,
  TestProviderPaymentTable,
  TestProviderRefundTable,
} from '../db/tables/payments.ts'
import type { Executor } from '../jobs/job.repository.ts'

export type PaymentRow = Selectable<PaymentTable>
export type TestProviderPaymentRow = Selectable<TestProviderPaymentTable>
export type TestProviderRefundRow = Selectable<TestProviderRefundTable>

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

export async function findPaymentById(db: Executor, id: number): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Marks a paid payment to be paid back in full; false when a refund was decided already. */
export async function markRefundDue(db: Executor, id: number, amount: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ refundStatus: 'due', refundAmount: amount, updatedAt: now })
    .where('id', '=', id)
    .where('status', '=', 'paid')
    .where('refundStatus', 'is', null)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

/** Moves a pending refund to where the provider says it is now; false when it was not pending (any more). */
export async function settleRefund(
  db: Executor,
  id: number,
  status: 'refunded' | 'failed',
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ refundStatus: status, updatedAt: now })
    .where('id', '=', id)
    .where('refundStatus', '=', 'pending')
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

/** Records the provider's refund; false when one was recorded already (another run came first). */
export async function recordRefund(
  db: Executor,
  id: number,
  refund: { providerRefundId: string; status: 'pending' | 'refunded' | 'failed' },
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ refundStatus: refund.status, providerRefundId: refund.providerRefundId, refundedAt: now, updatedAt: now })
    .where('id', '=', id)
    .where('refundStatus', '=', 'due')
    .where('providerRefundId', 'is', null)
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

export async function insertTestProviderRefund(db: Executor, refund: TestProviderRefundRow): Promise<void> {
  await db.insertInto('testProviderRefunds').values(refund).execute()
}

export async function findTestProviderRefund(
  db: Executor,
  idempotencyKey: string,
): Promise<TestProviderRefundRow | undefined> {
  return db
    .selectFrom('testProviderRefunds')
    .selectAll()
    .where('idempotencyKey', '=', idempotencyKey)
    .executeTakeFirst()
}

/** A test payment's refunds, oldest first. */
export async function testProviderRefundsOf(db: Executor, paymentId: string): Promise<TestProviderRefundRow[]> {
  return db
    .selectFrom('testProviderRefunds')
    .selectAll()
    .where('paymentId', '=', paymentId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute()
}
