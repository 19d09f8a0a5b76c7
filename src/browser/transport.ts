// How the app reaches the API. In the browser: fetch, same origin, with credentials, JSON and a 20 s timeout. On the
// server the same calls go through Fastify's inject (see src/server/render), so server rendering uses exactly the API
// the browser uses, with its validation and response cache.
import { pathWithQuery } from '../domain/paths.ts'

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  path: string
  query?: Record<string, string | number | undefined>
  body?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal
}

export interface ApiResponse {
  status: number
  body: unknown
  headers: Headers
}

export type Transport = (request: ApiRequest) => Promise<ApiResponse>

export const API_TIMEOUT_MS = 20_000

/** Any status other than 200 or 204 is an error carrying status, body and headers. */
export class ApiRequestError extends Error {
  readonly status: number
  readonly body: unknown
  readonly headers: Headers

  constructor(status: number, body: unknown, headers: Headers = new Headers()) {
    super('An unexpected server error occurred.')
    this.name = 'ApiRequestError'
    this.status = status
    this.body = body
    this.headers = headers
  }
}

/**
 * For an answer "too many requests" (429): the whole minutes the server asked to wait (its Retry-After header, else
 * the seconds in its error body), at least 1; null for any other error. The app shows it as errors.rateLimited.
 */
export function retryAfterMinutes(error: unknown): number | null {
  if (!(error instanceof ApiRequestError) || error.status !== 429) return null
  const params = (error.body as { params?: { seconds?: unknown } } | null)?.params
  const seconds = Number(error.headers.get('retry-after') ?? params?.seconds)
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds / 60) : 1
}

/** Listeners told about every failed or answered request, so the app can tell offline from online (pwa/connectivity). */
type NetworkListener = (ok: boolean) => void
const networkListeners = new Set<NetworkListener>()
export function onNetworkResult(listener: NetworkListener): () => void {
  networkListeners.add(listener)
  return () => networkListeners.delete(listener)
}

/** The browser transport. A timeout or a network failure becomes status 503, an abort stays an abort. */
export function fetchTransport(base = '', onResponse?: (headers: Headers) => void): Transport {
  return async (request) => {
    const signals = [AbortSignal.timeout(API_TIMEOUT_MS), ...(request.signal ? [request.signal] : [])]
    let response: Response
    try {
      response = await fetch(base + pathWithQuery(request.path, request.query), {
        method: request.method ?? 'GET',
        credentials: 'include',
        headers: {
          accept: 'application/json',
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...request.headers,
        },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: AbortSignal.any(signals),
      })
    } catch (error) {
      if (request.signal?.aborted) throw error
      for (const listener of networkListeners) listener(false)
      throw new ApiRequestError(503, null)
    }
    // An answer the service worker took from its cache says so in a header; it tells nothing about the network.
    if (!response.headers.has('x-from-cache')) for (const listener of networkListeners) listener(true)
    onResponse?.(response.headers)
    // Read to its end, a 204's empty answer too: Chromium calls off a request whose answer nobody reads.
    const text = await response.text()
    let body: unknown = null
    if (text) {
      try {
        body = JSON.parse(text)
      } catch {
        body = text
      }
    }
    return { status: response.status, body, headers: response.headers }
  }
}
