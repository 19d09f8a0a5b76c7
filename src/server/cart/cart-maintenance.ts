// Keeps the cart tables from growing without end: idempotency keys go after KEEP_KEYS_DAYS (a device offline that
// long has its queued changes refused as unknown carts at worst, never applied twice within the week), carts nobody
// changed for CART_KEEP_DAYS go with their lines, and impersonation keys once spent or expired. Runs an hour apart on
// every server; the deletes are safe to run on several at once.
import { randomBytes } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/database.ts'
import {
  deleteCartsModifiedBefore,
  deleteIdempotencyKeysBefore,
  deleteSpentImpersonationKeys,
  findCart,
  insertImpersonationKey,
} from './cart.repository.ts'
import { impersonationKeyHash } from './cart-secrets.ts'
import { KEEP_KEYS_DAYS } from './idempotency.ts'

export const CART_KEEP_DAYS = 90
export const MAINTENANCE_INTERVAL_MS = 60 * 60_000
const DAY_MS = 86_400_000

export async function cleanUpCarts(db: Db, now = new Date()): Promise<{ keys: number; carts: number }> {
  const keys = await deleteIdempotencyKeysBefore(db, new Date(now.getTime() - KEEP_KEYS_DAYS * DAY_MS).toISOString())
  const carts = await deleteCartsModifiedBefore(db, new Date(now.getTime() - CART_KEEP_DAYS * DAY_MS).toISOString())
  await deleteSpentImpersonationKeys(db, now.toISOString())
  return { keys, carts }
}

/** Starts the hourly clean-up; the returned function stops it. */
export function startCartMaintenance(db: Db, log: FastifyBaseLogger): () => void {
  const run = () =>
    cleanUpCarts(db).then(
      (removed) => {
        if (removed.keys + removed.carts > 0) log.info(removed, 'cart clean-up')
      },
      (err: unknown) => log.error({ err }, 'cart clean-up failed'),
    )
  const first = setTimeout(run, 10_000)
  const timer = setInterval(run, MAINTENANCE_INTERVAL_MS)
  first.unref()
  timer.unref()
  return () => {
    clearTimeout(first)
    clearInterval(timer)
  }
}

/**
 * A key for customer service to open a customer's cart once (POST /api/cart/impersonate?key=…): random, stored only as
 * its hash, spent on first use, expiring after `minutes`.
 */
export async function issueImpersonationKey(db: Db, cartId: string, minutes = 30, now = new Date()): Promise<string> {
  if (!(await findCart(db, cartId))) throw new Error(`There is no cart ${cartId}`)
  const key = randomBytes(24).toString('base64url')
  await insertImpersonationKey(db, {
    keyHash: impersonationKeyHash(key),
    cartId,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + minutes * 60_000).toISOString(),
  })
  return key
}
