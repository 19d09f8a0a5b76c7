// Security headers on every answer, chosen by what the answer is: a page (HTML) gets a Content-Security-Policy with
// a nonce of its own, which the server renderer puts on every inline <script> and <style> it writes; a script (the
// service worker, the app's modules) a policy that lets it reach its own origin only; everything else (JSON, images,
// styles, the manifest) a policy that allows nothing, since it is never a document. Of the other headers, those a
// browser reads only from a document or a worker (referrer, permissions and opener policies) go with pages and
// scripts, the rest with every answer. Set in onSend rather than with @fastify/helmet: the policy depends on the
// answer (a page route also answers JSON errors and plain 404s), on the site and the visitor's cookie choice (the tag
// manager), and the nonce must reach the renderer and its page cache. See docs/security.md.
import { randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { consentFrom } from '../../domain/cookies.ts'
import type { ZodApp } from '../context.ts'
import { hostnameOf, type SiteDirectory } from '../sites/site.directory.ts'
import { routeConfig } from './scope.ts'

export type CspDirective =
  | 'default-src'
  | 'script-src'
  | 'style-src'
  | 'style-src-attr'
  | 'img-src'
  | 'font-src'
  | 'connect-src'
  | 'media-src'
  | 'frame-src'
  | 'worker-src'
  | 'manifest-src'
  | 'base-uri'
  | 'object-src'
  | 'form-action'
  | 'frame-ancestors'

export type CspDirectives = Partial<Record<CspDirective, string[]>>

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Directives that replace the page policy's own for this route's HTML answers, e.g. a mail preview:
     * `{ 'style-src': ["'unsafe-inline'"], 'img-src': ['*', 'data:'] }`. Each given directive replaces the default one
     * whole; the others stay.
     */
    contentSecurityPolicy?: CspDirectives
  }
  interface FastifyReply {
    /** The nonce of this answer's page policy, '' until a page asks for one (cspNonce). */
    cspNonceValue: string
  }
}

/** Where the tag manager (and the analytics it loads) lives: allowed only where the site has one and the visitor did not decline. */
const TAG_MANAGER: CspDirectives = {
  'script-src': ['https://www.googletagmanager.com'],
  'img-src': ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
  'connect-src': ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
}

/**
 * The page policy. Styles: React writes the page's CSS inline in <style> elements with the nonce; no style attributes
 * are rendered, so no 'unsafe-inline' for styles either. Images: product pictures and icons are the site's own; data:
 * and blob: for placeholders the app and the service worker make.
 */
export function pageDirectives(
  nonce: string,
  tagManager: boolean,
  imageOrigins: readonly string[] = [],
): CspDirectives {
  const own = nonce ? [`'nonce-${nonce}'`] : []
  const policy: CspDirectives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...own],
    'style-src': ["'self'", ...own],
    'img-src': ["'self'", 'data:', 'blob:', ...imageOrigins],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    // Advice videos: YouTube's privacy-enhanced player, framed only once the visitor allows it (docs/advice.md).
    'frame-src': ['https://www.youtube-nocookie.com'],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'base-uri': ["'none'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  }
  if (tagManager)
    for (const [name, sources] of Object.entries(TAG_MANAGER) as [CspDirective, string[]][])
      policy[name] = [...policy[name]!, ...sources]
  return policy
}

/** A script's own policy applies inside it when it runs as a worker (the service worker fetches and caches). */
const SCRIPT_POLICY: CspDirectives = {
  'default-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'base-uri': ["'none'"],
  'object-src': ["'none'"],
  'frame-ancestors': ["'none'"],
}

/** JSON, images, styles, the manifest: never a document, so nothing is allowed (and nothing may frame them). */
const NOTHING_POLICY: CspDirectives = { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] }

export function serializePolicy(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ')
}

/** The same on every answer. */
export const COMMON_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
} as const

/**
 * What a browser reads only from a document or a worker's script: on a page and on a script, not on JSON, images or
 * styles, where they would change nothing and only add about 200 bytes to every API answer.
 */
export const DOCUMENT_HEADERS = {
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
  'cross-origin-opener-policy': 'same-origin',
} as const

/** Browsers keep to HTTPS for a year once they have seen this; sent in production only (development is plain HTTP). */
export const HSTS = 'max-age=31536000; includeSubDomains'

/** This answer's page nonce, made on first use: 128 random bits, in the characters a CSP nonce allows. */
export function cspNonce(reply: FastifyReply): string {
  reply.cspNonceValue ||= randomBytes(16).toString('base64url')
  return reply.cspNonceValue
}

/**
 * Whether a page of this request may load the tag manager: the site has a container id and the visitor has not
 * declined. A visitor who has not chosen yet gets it in the policy because a policy cannot be widened after it is
 * sent: consent given on the landing page starts the tag manager on that page (the app loads it only after consent).
 */
export function allowsTagManager(sites: SiteDirectory, request: FastifyRequest): boolean {
  const site = sites.byDomain(hostnameOf(request.host))
  return Boolean(site?.gtmContainerId) && consentFrom(request.headers.cookie ?? '') !== 'necessary'
}

function isScript(type: string) {
  return /^(application|text)\/javascript\b/i.test(type)
}

// Written out once: these policies and headers are the same on every answer that gets them.
const NOTHING = serializePolicy(NOTHING_POLICY)
const SCRIPT = serializePolicy(SCRIPT_POLICY)
const COMMON = Object.entries(COMMON_HEADERS)
const DOCUMENT = Object.entries(DOCUMENT_HEADERS)
const isPage = (type: string) => /^text\/html\b/i.test(type)

/** Sets the security headers for an answer of this content type. */
export type SecurityHeaders = (request: FastifyRequest, reply: FastifyReply, contentType: string) => void

/**
 * Adds the hook that sets the headers on every answer; returns the same as a function for the answers that skip the
 * hooks (Fastify's framework errors, e.g. an undecodable URL).
 */
export function registerSecurityHeaders(
  app: ZodApp,
  {
    sites,
    production,
    imageOrigins = [],
  }: { sites: SiteDirectory; production: boolean; /** The dealer finder's map tiles. */ imageOrigins?: string[] },
): SecurityHeaders {
  const fixed: [string, string][] = production ? [...COMMON, ['strict-transport-security', HSTS]] : COMMON
  const apply: SecurityHeaders = (request, reply, type) => {
    for (const [name, value] of fixed) reply.header(name, value)
    const page = isPage(type)
    const script = !page && isScript(type)
    if (page || script) for (const [name, value] of DOCUMENT) reply.header(name, value)
    // A 304 leaves the browser's copy with the policy it came with: a page's nonce must stay the one in its HTML.
    if (reply.statusCode === 304) {
      reply.removeHeader('content-security-policy')
      return
    }
    // A route that wrote its own policy keeps it.
    if (reply.hasHeader('content-security-policy')) return
    let policy = NOTHING
    if (page) {
      policy = serializePolicy({
        ...pageDirectives(cspNonce(reply), allowsTagManager(sites, request), imageOrigins),
        ...routeConfig(request)?.contentSecurityPolicy,
      })
    } else if (script) policy = SCRIPT
    reply.header('content-security-policy', policy)
  }
  app.decorateReply('cspNonceValue', '')
  // A callback hook, not an async one: no promise and no extra turn of the microtask queue per answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    apply(request, reply, String(reply.getHeader('content-type') ?? ''))
    done(null, payload)
  })
  return apply
}
