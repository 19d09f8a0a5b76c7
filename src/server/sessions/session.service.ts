// Server-side sessions. The cookie carries a random id of SESSION_POLICY.idBytes (signed by the cookie plugin); the
// table keeps only the id's SHA-256, so whoever reads the table, a backup or a log cannot use a session. A session
// belongs to the site it was made on. Expiry slides with use (written at most every `touchEveryMs`) within an
// absolute end. Sign-in (the accounts issue) calls `rotate`, so an id known before sign-in is worthless after it.
// Knows nothing of HTTP: session.plugin.ts puts it on the request and the cookie.
import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '../db/database.ts'
import { SESSION_POLICY } from './session-policy.ts'
import {
  deleteSession,
  findSession,
  insertSession,
  replaceSession,
  touchSession,
  updateSessionData,
  type SessionData,
  type StoredSession,
} from './session.repository.ts'

export type { SessionData } from './session.repository.ts'

export const hashSessionId = (id: string): string => createHash('sha256').update(id).digest('hex')

/** A session as its request sees it: the raw id (for the cookie only) and what is stored. */
export interface ActiveSession {
  id: string
  stored: StoredSession
}

const iso = (ms: number) => new Date(ms).toISOString()

export class SessionService {
  readonly #db: Db
  readonly #now: () => number

  /** `now` is the clock of every expiry (never a request's `datetime` header, which the client chooses). */
  constructor(db: Db, now: () => number = Date.now) {
    this.#db = db
    this.#now = now
  }

  /** A new session on `siteId` holding `data`; nothing is stored before something is worth storing. */
  async create(siteId: number, data: SessionData, accountId: number | null = null): Promise<ActiveSession> {
    const session = this.#fresh(siteId, data, accountId)
    await insertSession(this.#db, session.stored)
    return session
  }

  /**
   * The live session with this id on this site, its sliding expiry moved when due; undefined for an unknown id,
   * one of another site, or one past its idle or absolute end.
   */
  async find(id: string, siteId: number): Promise<ActiveSession | undefined> {
    const stored = await findSession(this.#db, hashSessionId(id))
    const now = this.#now()
    if (!stored || stored.siteId !== siteId) return undefined
    if (Date.parse(stored.expiresAt) <= now || Date.parse(stored.absoluteExpiresAt) <= now) return undefined
    if (now - Date.parse(stored.lastSeenAt) >= SESSION_POLICY.touchEveryMs) {
      const idleMs = stored.accountId === null ? SESSION_POLICY.idleMs : SESSION_POLICY.signedInIdleMs
      const expiresAt = iso(Math.min(now + idleMs, Date.parse(stored.absoluteExpiresAt)))
      await touchSession(this.#db, stored.idHash, iso(now), expiresAt)
      return { id, stored: { ...stored, lastSeenAt: iso(now), expiresAt } }
    }
    return { id, stored }
  }

  async save(session: ActiveSession, data: SessionData): Promise<ActiveSession> {
    await updateSessionData(this.#db, session.stored.idHash, data)
    return { id: session.id, stored: { ...session.stored, data } }
  }

  /**
   * The same data under a new id; the old id stops working at once. With `accountId` (sign-in, or null for
   * sign-out) the session's owner and its lifetimes change too, counted from now.
   */
  async rotate(session: ActiveSession, options: { accountId?: number | null } = {}): Promise<ActiveSession> {
    const { stored } = session
    const next =
      options.accountId === undefined
        ? this.#renamed(stored)
        : this.#fresh(stored.siteId, stored.data, options.accountId)
    await replaceSession(this.#db, stored.idHash, next.stored)
    return next
  }

  async destroy(session: ActiveSession): Promise<void> {
    await deleteSession(this.#db, session.stored.idHash)
  }

  #newId(): { id: string; idHash: string } {
    const id = randomBytes(SESSION_POLICY.idBytes).toString('base64url')
    return { id, idHash: hashSessionId(id) }
  }

  #fresh(siteId: number, data: SessionData, accountId: number | null): ActiveSession {
    const now = this.#now()
    const signedIn = accountId !== null
    const absolute = now + (signedIn ? SESSION_POLICY.signedInAbsoluteMs : SESSION_POLICY.absoluteMs)
    const { id, idHash } = this.#newId()
    const stored: StoredSession = {
      idHash,
      siteId,
      accountId,
      data,
      createdAt: iso(now),
      lastSeenAt: iso(now),
      expiresAt: iso(Math.min(now + (signedIn ? SESSION_POLICY.signedInIdleMs : SESSION_POLICY.idleMs), absolute)),
      absoluteExpiresAt: iso(absolute),
    }
    return { id, stored }
  }

  /** A new id for the same session: same owner, same data, same absolute end; the idle time starts again. */
  #renamed(stored: StoredSession): ActiveSession {
    const now = this.#now()
    const idleMs = stored.accountId === null ? SESSION_POLICY.idleMs : SESSION_POLICY.signedInIdleMs
    const { id, idHash } = this.#newId()
    const next: StoredSession = {
      ...stored,
      idHash,
      lastSeenAt: iso(now),
      expiresAt: iso(Math.min(now + idleMs, Date.parse(stored.absoluteExpiresAt))),
    }
    return { id, stored: next }
  }
}
