// `request.session`: the session of an API request, read only when a route asks and made only when a route stores
// something, so a visitor who never needs one never gets a cookie, and a request without the cookie stays as
// cacheable as before. A cookie that is badly signed, unknown, of another site or expired counts as no session and
// is cleared. An answer that consulted the session is personal (http/cache.ts): never cached, by anyone; a route
// whose answer depends on the session says `cache: 'none'` besides.
import fastifyCookie from '@fastify/cookie'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../config.ts'
import { sessionCookie } from './session-policy.ts'
import type { ActiveSession, SessionData, SessionService } from './session.service.ts'

declare module 'fastify' {
  interface FastifyRequest {
    session: RequestSession
  }
}

type Cookie = ReturnType<typeof sessionCookie>

export class RequestSession {
  readonly #service: SessionService
  readonly #request: FastifyRequest
  readonly #reply: FastifyReply
  readonly #cookie: Cookie
  #current: Promise<ActiveSession | undefined> | undefined

  constructor(service: SessionService, request: FastifyRequest, reply: FastifyReply, cookie: Cookie) {
    this.#service = service
    this.#request = request
    this.#reply = reply
    this.#cookie = cookie
  }

  /** What the session holds; empty when there is none (reading makes none). */
  async get(): Promise<SessionData> {
    return (await this.#load())?.stored.data ?? {}
  }

  /** The signed-in account, or null. */
  async accountId(): Promise<number | null> {
    return (await this.#load())?.stored.accountId ?? null
  }

  /** Replaces what the session holds, making the session (and its cookie) when there is none yet. */
  async set(data: SessionData): Promise<void> {
    const current = await this.#load()
    if (current) {
      this.#current = Promise.resolve(await this.#service.save(current, data))
      return
    }
    this.#written(await this.#service.create(this.#siteId(), data))
  }

  /**
   * A new id for the session, same data; the old id no longer works. Sign-in calls it with the account (sign-out
   * with null); without a session it makes one.
   */
  async rotate(options: { accountId?: number | null } = {}): Promise<void> {
    const current = await this.#load()
    this.#written(
      current
        ? await this.#service.rotate(current, options)
        : await this.#service.create(this.#siteId(), {}, options.accountId ?? null),
    )
  }

  /** Ends the session: the row is deleted and the cookie cleared. */
  async destroy(): Promise<void> {
    const current = await this.#load()
    if (current) await this.#service.destroy(current)
    this.#current = Promise.resolve(undefined)
    this.#clearCookie()
  }

  #load(): Promise<ActiveSession | undefined> {
    this.#current ??= this.#read()
    return this.#current
  }

  async #read(): Promise<ActiveSession | undefined> {
    // Marked even without a cookie: an answer that asked for a session must never be served to anyone else.
    this.#request.personal = true
    const raw = this.#request.cookies[this.#cookie.name]
    if (raw === undefined) return undefined
    const unsigned = this.#request.unsignCookie(raw)
    const found =
      unsigned.valid && unsigned.value ? await this.#service.find(unsigned.value, this.#siteId()) : undefined
    if (!found) this.#clearCookie()
    return found
  }

  #siteId(): number {
    const site = this.#request.scope?.site
    if (!site) throw new Error('Sessions belong to a site: used outside a scoped API route')
    return site.id
  }

  #written(session: ActiveSession): void {
    this.#current = Promise.resolve(session)
    this.#request.personal = true
    // The cookie lasts until the absolute end; the sliding one is the server's to enforce (no cookie per request).
    const { absoluteExpiresAt, lastSeenAt } = session.stored
    const maxAge = Math.floor((Date.parse(absoluteExpiresAt) - Date.parse(lastSeenAt)) / 1000)
    this.#reply.setCookie(this.#cookie.name, session.id, { ...this.#cookie.options, signed: true, maxAge })
  }

  #clearCookie(): void {
    this.#reply.clearCookie(this.#cookie.name, this.#cookie.options)
  }
}

/** Cookies (signed with SESSION_SECRET) and `request.session` on every request of `app`. */
export async function registerSessions(app: FastifyInstance, config: Config, service: SessionService): Promise<void> {
  await app.register(fastifyCookie, { secret: config.SESSION_SECRET })
  const cookie = sessionCookie(config.NODE_ENV === 'production')
  app.decorateRequest('session', null as unknown as RequestSession)
  app.decorateRequest('personal', false)
  app.addHook('onRequest', (request, reply, done) => {
    request.session = new RequestSession(service, request, reply, cookie)
    done()
  })
}
