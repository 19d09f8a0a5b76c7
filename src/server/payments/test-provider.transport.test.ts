import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fetchWebhookTransport } from './test-provider.ts'

describe('the test provider’s webhook call over HTTP', () => {
  let server: Server
  let url: string
  const connections: unknown[] = []
  const received: string[] = []

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString()))
      request.on('end', () => {
        received.push(body)
        // An answer larger than a stream's buffer: unread, it would hold its connection.
        response.writeHead(body.includes('refuse') ? 400 : 200, { 'content-type': 'text/plain' })
        response.end('x'.repeat(256 * 1024))
      })
    })
    server.on('connection', (socket) => connections.push(socket))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/test/webhook`
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  it('posts the body, answers the status, and reads each answer to its end so its connection serves the next', async () => {
    const headers = { 'content-type': 'application/json' }
    const bodies = ['{"id":"tr_1"}', '{"id":"refuse"}', '{"id":"tr_2"}', '{"id":"tr_3"}', '{"id":"tr_4"}']
    const statuses = []
    for (const body of bodies) statuses.push(await fetchWebhookTransport(url, body, headers))
    expect(statuses).toEqual([200, 400, 200, 200, 200])
    expect(received).toEqual(bodies)
    // Unread, every answer would keep its own connection (five). Read, the connections are reused: the first may not
    // be free yet when the second call starts, so one or two.
    expect(connections.length).toBeLessThanOrEqual(2)
  })
})
