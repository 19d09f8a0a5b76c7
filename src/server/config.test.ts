import { describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'

describe('loadConfig', () => {
  it('defaults to port 8080 on an SQLite file under data/', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      PORT: 8080,
      DATABASE_URL: 'sqlite:data/shop.sqlite',
      PUBLIC_URL: 'http://localhost:8080',
      JOBS: 'on',
      JOBS_POLL_MS: 1000,
      JOBS_CONCURRENCY: 1,
    })
  })

  it('leaves the back-office token unset in development', () => {
    expect(loadConfig({}).BACKOFFICE_TOKEN).toBeUndefined()
  })

  it('follows PORT in the default public URL', () => {
    expect(loadConfig({ PORT: '9000' }).PUBLIC_URL).toBe('http://localhost:9000')
  })

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ SESSION_SECRET: 'short' }, /SESSION_SECRET/],
    [{ NODE_ENV: 'production' }, /SESSION_SECRET must be set in production/],
    [{ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) }, /BACKOFFICE_TOKEN must be set in production/],
    [{ BACKOFFICE_TOKEN: 'y'.repeat(31) }, /BACKOFFICE_TOKEN: must be at least 32 characters/],
    [
      { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), BACKOFFICE_TOKEN: 'y'.repeat(32) },
      /PAYMENT_PROVIDER=test takes no real payments/,
    ],
    [{ JOBS: 'maybe' }, /JOBS/],
    [{ JOBS_POLL_MS: '1' }, /JOBS_POLL_MS/],
    [{ JOBS_CONCURRENCY: '0' }, /JOBS_CONCURRENCY/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message)
  })

  it('accepts a production configuration with its own secret', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      BACKOFFICE_TOKEN: 'y'.repeat(32),
      DATABASE_URL: 'postgres://db/shop',
      PAYMENT_PROVIDER: 'mollie',
      MOLLIE_API_KEY: 'live_abc',
    })
    expect(config.DATABASE_URL).toBe('postgres://db/shop')
  })

  it('accepts the test payment provider in production only when ALLOW_TEST_PAYMENTS=true (tests, demos)', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), BACKOFFICE_TOKEN: 'y'.repeat(32) }
    expect(loadConfig({ ...production, ALLOW_TEST_PAYMENTS: 'true' }).PAYMENT_PROVIDER).toBe('test')
    expect(() => loadConfig({ ...production, ALLOW_TEST_PAYMENTS: 'false' })).toThrow(/PAYMENT_PROVIDER/)
    expect(loadConfig({}).PAYMENT_PROVIDER).toBe('test')
  })
})
