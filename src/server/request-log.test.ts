// Some calls carry a secret in the query (spec §7 names them): an order's key, the password of setpassword, the
// token of a mailed link. Fastify's request lines show the address, so those values are masked there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import { loggedUrl } from './app.ts'

describe('secrets in request addresses', () => {
  it.each([
    ['/api/orders/1?key=abc123', '/api/orders/1?key=[redacted]'],
    [
      '/api/cart/1/setpassword?password=paard2026&confirmUrl=x',
      '/api/cart/1/setpassword?password=[redacted]&confirmUrl=x',
    ],
    ['/account/reset/?userId=4&token=t0k3n#top', '/account/reset/?userId=4&token=[redacted]#top'],
    ['/api/products?ids=1,2&monkey=1', '/api/products?ids=1,2&monkey=1'],
  ])('%s is logged as %s', (url, logged) => {
    expect(loggedUrl(url)).toBe(logged)
  })

  const lines: string[] = []
  let testApp: TestApp
  beforeAll(async () => {
    testApp = await createTestApp('sqlite', {
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => void lines.push(line) },
    })
  })
  afterAll(() => testApp.close())

  it('never writes an order key or a password to the log', async () => {
    await testApp.app.inject({
      url: '/api/orders/3f2504e0-4f89-41d3-9a0c-0305e82c3301?key=secret-order-key-value',
      headers: { host: 'equivera-nl.localhost' },
    })
    await testApp.app.inject({
      method: 'POST',
      url: '/api/cart/3f2504e0-4f89-41d3-9a0c-0305e82c3301/setpassword?password=secret-password-1&confirmUrl=http://localhost/',
      headers: { host: 'equivera-nl.localhost' },
    })
    const log = lines.join('')
    expect(log).toContain('/api/orders/3f2504e0-4f89-41d3-9a0c-0305e82c3301?key=[redacted]')
    expect(log).not.toContain('secret-order-key-value')
    expect(log).not.toContain('secret-password-1')
  })
})
