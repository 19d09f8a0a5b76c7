// Answers of cacheable GETs, kept in this server's memory for as long as clients may keep them anyway (the short
// cache, 200 entries for 2 s, and the long cache, 200 entries for 15 min), keyed by everything an answer
// varies on. A hit is answered before the request's site is resolved again (the answer was made for the same host,
// site, language and time, which resolved then) and before validation, handler and serialization run, with the ETag
// it was sent with, compressed once per encoding rather than per request.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { LONG_CACHE, SHORT_CACHE, TtlCache } from '../../domain/ttl-cache.ts'
import { EncodedBody } from './encoded-body.ts'
import { header, routeConfig } from './scope.ts'

interface Entry {
  body: EncodedBody
  etag: string
}

declare module 'fastify' {
  interface FastifyRequest {
    fromCache: boolean
  }
}

export interface ResponseCacheOptions {
  /** The clock the entries expire by, in ms; tests pass one they move forward. */
  now?: () => number
}

export class ResponseCache {
  readonly #short: TtlCache<string, Entry>
  readonly #long: TtlCache<string, Entry>

  constructor({ now = Date.now }: ResponseCacheOptions = {}) {
    this.#short = new TtlCache(SHORT_CACHE.maxEntries, SHORT_CACHE.ttlMs, now)
    this.#long = new TtlCache(LONG_CACHE.maxEntries, LONG_CACHE.ttlMs, now)
  }

  #cacheFor(request: FastifyRequest) {
    if (request.method !== 'GET') return undefined
    const policy = routeConfig(request).cache ?? 'short'
    return policy === 'long' ? this.#long : policy === 'short' ? this.#short : undefined
  }

  static key(request: FastifyRequest): string {
    const vary = (name: string) => header(request, name) ?? ''
    return `${request.host}\n${vary('siteid')}\n${vary('languageid')}\n${vary('datetime')}\n${request.url}`
  }

  /** Answers the request from the cache; false when it holds no answer for it. */
  answer(request: FastifyRequest, reply: FastifyReply): boolean {
    const entry = this.#cacheFor(request)?.get(ResponseCache.key(request))
    if (!entry) return false
    request.fromCache = true
    entry.body.send(request, reply.header('etag', entry.etag))
    return true
  }

  /** Keeps a successful answer that was not itself served from the cache. */
  keep(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
    if (request.fromCache || request.personal || reply.statusCode !== 200 || typeof payload !== 'string') return
    const etag = reply.getHeader('etag')
    const contentType = reply.getHeader('content-type')
    if (typeof etag !== 'string' || typeof contentType !== 'string') return
    this.#cacheFor(request)?.set(ResponseCache.key(request), { body: new EncodedBody(payload, contentType), etag })
  }
}
