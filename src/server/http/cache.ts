// Cache headers per kind of answer: sites, reviews, footer, countries and navigations 15 minutes; carts never; the rest 2 s.
// Responses differ per host, site, language and time, so they vary on those headers. Errors are never cached, nor are
// personal answers (those that read or made a session).
import type { FastifyReply, FastifyRequest } from 'fastify'
import { isApiRequest, routeConfig } from './scope.ts'

export type CachePolicy = 'long' | 'short' | 'none'

declare module 'fastify' {
  interface FastifyContextConfig {
    cache?: CachePolicy
  }
  interface FastifyRequest {
    /** The answer depends on who asks (it read or made their session): it is never cached, here or elsewhere. */
    personal: boolean
  }
}

const CACHE_CONTROL: Record<CachePolicy, string> = {
  long: 'public, max-age=900',
  short: 'public, max-age=2',
  none: 'no-store',
}

export function cacheHeaders(request: FastifyRequest, reply: FastifyReply): void {
  if (!isApiRequest(request)) return
  const policy = reply.statusCode < 400 && !request.personal ? (routeConfig(request).cache ?? 'short') : 'none'
  const cacheable = policy !== 'none' && (request.method === 'GET' || request.method === 'HEAD')
  reply.header('cache-control', cacheable ? CACHE_CONTROL[policy] : 'no-store')
  reply.header('vary', 'Host, siteid, languageid, datetime, Accept-Encoding')
}
