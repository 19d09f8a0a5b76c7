// Idempotency keys: a request that carries an `Idempotency-Key` has its effect once, however often it
// arrives. The app sends every queued cart change with the key it gave the change, so a change replayed after a lost
// answer, a reload or from a second tab is applied once.
//
// 1. The key is claimed in a short transaction of its own ('pending'). A key already known answers at once: with the
//    stored answer when done, 409 while another request with it is still running, 422 when it came with another
//    request (method, URL, body, site).
// 2. The change and the stored answer commit in one transaction, so there is no moment in which the change is made but
//    its answer is not kept: a retry after a lost answer gets that answer, not a second change.
// 3. A refusal (4xx) is kept as the answer too: the same change asked again is refused the same way, and the app asks
//    the shopper what to do. A server error gives the claim up, so a retry runs the request again.
// A claim left 'pending' by a server that stopped half-way is taken over by a retry after CLAIM_TIMEOUT_MS.
import { createHash } from 'node:crypto'
import type { Transaction } from 'kysely'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { IdempotencyKeySchema } from '../../domain/cart-api.ts'
import { IDEMPOTENCY_HEADER } from '../../domain/cart-constants.ts'
import { AppError } from '../../domain/errors.ts'
import type { Db } from '../db/database.ts'
import type { Database } from '../db/schema.ts'
import { errorBody } from '../http/errors.ts'
import { header, scopeOf } from '../http/scope.ts'
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  findIdempotencyKey,
  reclaimIdempotencyKey,
  releaseIdempotencyKey,
} from './cart.repository.ts'

export const CLAIM_TIMEOUT_MS = 30_000
/** How long keys are kept: a device offline for a week still replays its changes once. */
export const KEEP_KEYS_DAYS = 7
export const REPLAYED_HEADER = 'idempotent-replayed'

/** What a change answers: 204, or 200 with a body. */
export interface Outcome {
  status: 200 | 204
  body?: unknown
}

type Effect = (trx: Transaction<Database>) => Promise<Outcome>

/** What makes two requests the same request: site, method, URL (with its query) and body. */
export function hashOfRequest(siteId: number, method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${siteId}\n${method}\n${url}\n${JSON.stringify(body ?? null)}`)
    .digest('base64url')
}

const requestHash = (request: FastifyRequest) =>
  hashOfRequest(scopeOf(request).site.id, request.method, request.url, request.body)

/** Sends an outcome, or a stored answer. */
export function send(reply: FastifyReply, status: number, body: unknown, replayed: boolean): FastifyReply {
  if (replayed) reply.header(REPLAYED_HEADER, 'true')
  if (status === 204) return reply.status(204).send(null)
  if (status >= 400) return reply.status(status).type('application/json; charset=utf-8').send(JSON.stringify(body))
  return reply.status(status).send(body)
}

/**
 * Runs a change in a transaction, once per idempotency key when the request has one. `cartId` is the cart the change
 * is about (null when it makes one), kept with the key for clean-up. Resolves to the reply itself, which tells Fastify
 * the answer is sent (resolving to nothing would make it send again while the compression hook still runs); the
 * declared type is void only because the routes' typed handlers accept no reply object as a result.
 */
export async function runChange(
  db: Db,
  request: FastifyRequest,
  typedReply: object,
  cartId: string | null,
  effect: Effect,
): Promise<void> {
  const { status, body, replayed } = await runOnce(db, request, cartId, effect)
  send(typedReply as unknown as FastifyReply, status, body, replayed)
  return sent(typedReply)
}

/** What runOnce answers: the change's outcome, or the stored answer (a refusal too) when `replayed`. */
export interface Answer {
  status: number
  body?: unknown
  replayed: boolean
}

/**
 * runChange without the sending, for a route that does more after the change commits (the place-order route starts
 * the payment): the outcome of the change, or the stored answer of an earlier request with the same key. Throws what
 * the change throws, after keeping a refusal as the key's answer.
 */
export async function runOnce(db: Db, request: FastifyRequest, cartId: string | null, effect: Effect): Promise<Answer> {
  const given = header(request, IDEMPOTENCY_HEADER)
  if (given === undefined) return { ...(await db.transaction().execute(effect)), replayed: false }
  const key = IdempotencyKeySchema.safeParse(given)
  if (!key.success)
    throw new AppError('invalidParameter', 400, `The header '${IDEMPOTENCY_HEADER}' is not a valid key.`, {
      name: IDEMPOTENCY_HEADER,
    })

  const hash = requestHash(request)
  const claim = await claimOrAnswer(db, key.data, cartId, hash)
  if ('answer' in claim) return { ...claim.answer, replayed: true }

  try {
    const outcome = await db.transaction().execute(async (trx) => {
      const result = await effect(trx)
      const stored = await completeIdempotencyKey(trx, key.data, claim.at, {
        cartId,
        statusCode: result.status,
        responseBody: result.body,
      })
      // Another request took the claim over (this one ran past CLAIM_TIMEOUT_MS): this one must not have an effect.
      if (!stored) throw inProgress()
      return result
    })
    return { ...outcome, replayed: false }
  } catch (error) {
    if (error instanceof AppError && error.status < 500 && error.code !== 'requestInProgress') {
      await completeIdempotencyKey(db, key.data, claim.at, {
        cartId,
        statusCode: error.status,
        responseBody: errorBody(error, request),
      })
    } else if (!(error instanceof AppError && error.code === 'requestInProgress')) {
      await releaseIdempotencyKey(db, key.data, claim.at)
    }
    throw error
  }
}

const sent = (reply: object) => reply as unknown as undefined

const inProgress = () =>
  new AppError('requestInProgress', 409, 'A request with this idempotency key is still being handled.')

async function claimOrAnswer(
  db: Db,
  key: string,
  cartId: string | null,
  hash: string,
  attempt = 1,
): Promise<{ at: string } | { answer: { status: number; body: unknown } }> {
  // Claims carry the server's own clock (not the request's datetime header), since they time out in real time.
  const at = new Date().toISOString()
  if (await claimIdempotencyKey(db, { key, cartId, requestHash: hash, at })) return { at }
  const known = await findIdempotencyKey(db, key)
  // Gone between the two statements (given up by a failed request): claim it afresh.
  if (!known) {
    if (attempt >= 3) throw inProgress()
    return claimOrAnswer(db, key, cartId, hash, attempt + 1)
  }
  if (known.requestHash !== hash)
    throw new AppError('idempotencyKeyReused', 422, 'This idempotency key was used for another request.')
  if (known.state === 'done')
    return {
      answer: {
        status: known.statusCode!,
        body: known.responseBody,
      },
    }
  if (Date.now() - Date.parse(known.claimedAt) < CLAIM_TIMEOUT_MS) throw inProgress()
  if (await reclaimIdempotencyKey(db, key, known.claimedAt, at)) return { at }
  throw inProgress()
}
