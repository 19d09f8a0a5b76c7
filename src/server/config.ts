import { z } from 'zod'

// Configuration comes from the environment only, validated once at start; a bad value stops the server with a clear message.

const DEV_SECRET = 'development-only-secret-change-me-0123456789'

export const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number<string>().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('localhost'),
    DATABASE_URL: z.string().min(1).default('sqlite:data/shop.sqlite'),
    /** The address people use to reach this server; defaults to http://localhost:PORT. */
    PUBLIC_URL: z.url().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Signs cookies and one-time keys (cart impersonation and later). */
    SESSION_SECRET: z.string().min(32).default(DEV_SECRET),
    /**
     * The bearer token of the back-office API (warehouse, ERP). Required in production; without it in development the
     * back-office API answers 503, so it is never open by accident.
     */
    BACKOFFICE_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
    /** Seed the database on start when it holds no site yet. */
    SEED_ON_EMPTY: z.stringbool().default(true),
    /** The request header in which the proxy or CDN in front names the visitor's country (ISO 3166 alpha-2). */
    GEO_COUNTRY_HEADER: z
      .string()
      .regex(/^[a-z0-9-]+$/)
      .default('cf-ipcountry'),
    /**
     * Where uploaded files are kept (return reports' photos, in returns/): outside the web root, never served as
     * static files, only through the routes that check who asks. Beside the default SQLite database.
     */
    UPLOAD_DIR: z.string().min(1).default('data/uploads'),
    /** The built app (npm run build); pages are rendered only when it is there. */
    DIST_DIR: z.string().min(1).default('dist'),
    /** How long requests in flight may take to finish on SIGTERM before the server exits anyway. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number<string>().int().positive().default(10_000),
    /** Whether this process runs background jobs (every process may enqueue them). */
    JOBS: z.enum(['on', 'off']).default('on'),
    /** How often an idle job worker looks for due jobs. */
    JOBS_POLL_MS: z.coerce.number<string>().int().min(10).default(1000),
    /** Jobs one process runs at once. */
    JOBS_CONCURRENCY: z.coerce.number<string>().int().min(1).max(32).default(1),
    /** The SMTP server mails go out through (smtp://user:pass@host:587, smtps://…); without it they are kept in the database. */
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    /** The From address of every site's mails; without it each site sends from its customer service address. */
    MAIL_FROM: z.email().optional(),
    /** Redis for the rate-limit counters of several server processes (else PostgreSQL's, or this process's memory). */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
    /** The rate limits (src/server/rate-limits/); off only for load tests and the end-to-end tests' one address. */
    RATE_LIMITS: z.enum(['on', 'off']).default('on'),
    /** The payment provider: the built-in test provider (a hosted page on this server) or Mollie. */
    PAYMENT_PROVIDER: z.enum(['test', 'mollie']).default('test'),
    /** Mollie's API key (test_… or live_…); required with PAYMENT_PROVIDER=mollie. */
    MOLLIE_API_KEY: z.string().min(1).optional(),
    /**
     * The built-in test provider in production: refused unless this is true (the browser tests, load tests and demos
     * run in production mode and pay with it); a shop that takes real orders sets PAYMENT_PROVIDER=mollie.
     */
    ALLOW_TEST_PAYMENTS: z.stringbool().default(false),
    /** The key captcha challenges are signed with (src/server/captcha/); without it one is derived from SESSION_SECRET. */
    CAPTCHA_HMAC_KEY: z.string().min(32).optional(),
    /**
     * The captcha's difficulty: the largest counter a challenge may need (SHA-256 hashes to try, half that on
     * average). 50 000 takes a slow phone about a second (docs/accounts.md); tests lower it to solve quickly.
     */
    CAPTCHA_MAX_NUMBER: z.coerce.number<string>().int().min(100).max(10_000_000).default(50_000),
    /**
     * The map tiles of the dealer finder: a URL template with {z}, {x} and {y} (OpenStreetMap's by default; a shop
     * with much traffic sets its own tile server or provider). Its origin is allowed for images in the page policy.
     */
    MAP_TILE_URL: z
      .string()
      .regex(/^https?:\/\/[^/]+\/.*\{z\}.*\{x\}.*\{y\}/, 'must be an http(s) URL template with {z}, {x} and {y}')
      .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    /** The attribution the tiles' licence asks for, shown on the map. */
    MAP_TILE_ATTRIBUTION: z.string().min(1).default('© OpenStreetMap contributors'),
    /**
     * The VAPID key pair (RFC 8292) back-in-stock pushes are signed with, base64url as `web-push generate-vapid-keys`
     * prints them. Without them the server makes a pair on first start and keeps it in the database.
     */
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key')
      .optional(),
    /** The contact push services see in the VAPID claim: a mailto: or https: address (default: webmaster at PUBLIC_URL). */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/, 'must be a mailto: or https: address')
      .optional(),
    /**
     * Push endpoints the server may post to besides the browsers' own push services (comma-separated origins): a
     * test's local push service. Anything else a browser hands in is refused, so the server never posts elsewhere.
     */
    PUSH_ENDPOINT_ORIGINS: z
      .string()
      .default('')
      .transform((list) =>
        list
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url({ protocol: /^https?$/ }).transform((url) => new URL(url).origin))),
    /** Mollie's API root, for tests only (the client speaks HTTPS only); default https://api.mollie.com/v2/. */
    MOLLIE_API_URL: z.url({ protocol: /^https$/ }).optional(),
  })
  .refine((c) => c.NODE_ENV !== 'production' || c.SESSION_SECRET !== DEV_SECRET, {
    message: 'SESSION_SECRET must be set in production',
    path: ['SESSION_SECRET'],
  })
  .refine((c) => (c.VAPID_PUBLIC_KEY === undefined) === (c.VAPID_PRIVATE_KEY === undefined), {
    message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together',
    path: ['VAPID_PRIVATE_KEY'],
  })
  .refine((c) => c.NODE_ENV !== 'production' || c.BACKOFFICE_TOKEN !== undefined, {
    message: 'BACKOFFICE_TOKEN must be set in production',
    path: ['BACKOFFICE_TOKEN'],
  })
  .refine((c) => c.PAYMENT_PROVIDER !== 'mollie' || c.MOLLIE_API_KEY !== undefined, {
    message: 'MOLLIE_API_KEY must be set with PAYMENT_PROVIDER=mollie',
    path: ['MOLLIE_API_KEY'],
  })
  .refine((c) => c.NODE_ENV !== 'production' || c.PAYMENT_PROVIDER !== 'test' || c.ALLOW_TEST_PAYMENTS, {
    message:
      'PAYMENT_PROVIDER=test takes no real payments: set PAYMENT_PROVIDER in production (or ALLOW_TEST_PAYMENTS=true for tests and demos)',
    path: ['PAYMENT_PROVIDER'],
  })
  .transform((c) => ({ ...c, PUBLIC_URL: c.PUBLIC_URL ?? `http://localhost:${c.PORT}` }))

export type Config = z.infer<typeof ConfigSchema>

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = ConfigSchema.safeParse(env)
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  return result.data
}
