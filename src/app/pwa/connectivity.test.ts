import { describe, expect, it } from 'vitest'
import { nextConnectivity, serverAnswers } from './connectivity.ts'

describe('nextConnectivity', () => {
  it.each([
    ['online', false, 'offline'],
    ['offline', true, 'back-online'],
    ['back-online', true, 'back-online'],
    ['back-online', false, 'offline'],
    ['online', true, 'online'],
  ] as const)('from %s, a %s result gives %s', (current, reachable, expected) => {
    expect(nextConnectivity(current, reachable)).toBe(expected)
  })
})

describe('serverAnswers', () => {
  const answer = (status: number) => new Response('{"status":"ok","database":"sqlite"}', { status })

  it('reads the whole answer, so the request ends', async () => {
    const response = answer(200)
    expect(await serverAnswers(async () => response)).toBe(true)
    expect(response.bodyUsed).toBe(true)
  })

  it('is false when the server refuses', async () => {
    const response = answer(503)
    expect(await serverAnswers(async () => response)).toBe(false)
    expect(response.bodyUsed).toBe(true)
  })

  it('is false when the network fails, before or during the answer', async () => {
    expect(
      await serverAnswers(async () => {
        throw new TypeError('Failed to fetch')
      }),
    ).toBe(false)
    const broken = new ReadableStream({
      start: (controller) => controller.error(new TypeError('network error')),
    })
    expect(await serverAnswers(async () => new Response(broken))).toBe(false)
  })

  it('asks the server itself, past every cache', async () => {
    const asked: [RequestInfo | URL, RequestInit | undefined][] = []
    await serverAnswers(async (input, init) => {
      asked.push([input, init])
      return answer(200)
    })
    expect(asked).toEqual([['/health', { cache: 'no-store' }]])
  })
})
