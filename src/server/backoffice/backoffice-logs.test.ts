// The back-office token never reaches the log: not through Fastify's own request lines, not when a request's
// headers are logged whole (pino redacts the Authorization header), not when a wrong token is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/helpers/app.ts'

const TOKEN = 'back-office-log-test-token-0123456789abcdef'

describe('the back-office token in the log', () => {
  const lines: string[] = []
  let testApp: TestApp
  beforeAll(async () => {
    testApp = await createTestApp('sqlite', {
      env: { BACKOFFICE_TOKEN: TOKEN, LOG_LEVEL: 'trace' },
      logStream: { write: (line) => void lines.push(line) },
      // A careless hook that logs every request's headers, as a debugging session might add.
      extend: (app) =>
        app.addHook('onRequest', async (request) => request.log.info({ headers: request.headers }, 'headers')),
    })
  })
  afterAll(() => testApp.close())

  it('is never written, whether it is right or wrong', async () => {
    const wrong = `${TOKEN}-but-longer`
    for (const authorization of [`Bearer ${TOKEN}`, `Bearer ${wrong}`]) {
      await testApp.app.inject({
        method: 'PUT',
        url: '/api/backoffice/stock',
        payload: [{ productVariantId: 2901, stock: 5 }],
        headers: { authorization },
      })
    }
    const log = lines.join('')
    expect(log).toContain('"authorization":"[redacted]"')
    expect(log).toContain('request rejected')
    expect(log).not.toContain(TOKEN)
    expect(log).not.toContain('0123456789abcdef')
  })
})
