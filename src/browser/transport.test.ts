import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiRequestError, fetchTransport, onNetworkResult } from './transport.ts'

/** Answers every fetch with `response`, and says whether its body was asked for. */
function answering(response: Response) {
  const read = vi.spyOn(response, 'text')
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => response),
  )
  return read
}

describe('fetchTransport', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('reads an empty 204 answer too, so the browser ends the request rather than calling it off', async () => {
    const read = answering(new Response(null, { status: 204 }))
    const answer = await fetchTransport()({ method: 'POST', path: '/api/Sites', query: { countryCode: 'US' } })
    expect(answer.status).toBe(204)
    expect(answer.body).toBeNull()
    expect(read).toHaveBeenCalledOnce()
  })

  it('parses a JSON answer, keeps text that is not JSON, and sends the body as JSON', async () => {
    answering(new Response('{"kind":"faq"}', { status: 200 }))
    const transport = fetchTransport('https://shop.example')
    expect((await transport({ method: 'PUT', path: '/api/x', body: { a: 1 } })).body).toEqual({ kind: 'faq' })
    const [url, init] = vi.mocked(fetch).mock.calls[0]!
    expect(url).toBe('https://shop.example/api/x')
    expect(init).toMatchObject({ method: 'PUT', body: '{"a":1}', credentials: 'include' })
    answering(new Response('plain words', { status: 500 }))
    expect((await transport({ path: '/api/x' })).body).toBe('plain words')
  })

  it('turns a network failure into a 503 and tells the listeners; an answer from a cache tells them nothing', async () => {
    const told: boolean[] = []
    const stop = onNetworkResult((ok) => told.push(ok))
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    await expect(fetchTransport()({ path: '/api/x' })).rejects.toEqual(new ApiRequestError(503, null))
    answering(new Response('{}', { status: 200, headers: { 'x-from-cache': '1' } }))
    await fetchTransport()({ path: '/api/x' })
    answering(new Response('{}', { status: 200 }))
    await fetchTransport()({ path: '/api/x' })
    stop()
    expect(told).toEqual([false, true])
  })
})
