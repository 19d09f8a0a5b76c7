// Weak ETags for JSON answers (weak: the same content is sent brotli, gzip or plain), and 304 for a matching
// If-None-Match. Done in the app's one onSend hook rather than
// by @fastify/etag: that plugin's extra hook cost more per request than the hashing itself on the hot routing calls.
import { hash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'

export function etagOf(body: string | Buffer): string {
  return `W/"${hash('sha1', body, 'base64url')}"`
}

const opaque = (tag: string) => tag.trim().replace(/^W\//, '')

/** Whether an If-None-Match header (a list of tags, weak or strong, or `*`) matches the tag (weak comparison). */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  const wanted = opaque(etag)
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted)
}

/** Sets the ETag of a successful answer; returns the payload to send (empty for a 304). */
export function applyEtag(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  // Only what can be asked for again with If-None-Match: answers of GET (and HEAD), not of a search POST.
  if (request.method !== 'GET' && request.method !== 'HEAD') return payload
  if (reply.statusCode !== 200 || !(typeof payload === 'string' || Buffer.isBuffer(payload))) return payload
  const known = reply.getHeader('etag')
  const etag = typeof known === 'string' ? known : etagOf(payload)
  reply.header('etag', etag)
  if ((request.method === 'GET' || request.method === 'HEAD') && matches(request.headers['if-none-match'], etag)) {
    reply.code(304)
    reply.removeHeader('content-encoding')
    return ''
  }
  return payload
}
