// Builds the Fastify app. Tests call buildApp() with their own database and use app.inject; main.ts adds listen and
// graceful shutdown.
import { randomUUID } from 'node:crypto'
import { constants } from 'node:zlib'
import fastifyCompress from '@fastify/compress'
import Fastify, { type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { registerAccountCleanUp } from './accounts/account-cleanup.ts'
import { accountRoutes } from './accounts/account.routes.ts'
import { AccountService } from './accounts/account.service.ts'
import { EmbeddedAddressProvider } from './addresses/address-provider.ts'
import { addressRoutes } from './addresses/address.routes.ts'
import { startCartMaintenance } from './cart/cart-maintenance.ts'
import { CartCalculator } from './cart/cart-calculator.ts'
import { CartCheckout } from './cart/cart-checkout.ts'
import { CartService } from './cart/cart.service.ts'
import { PricingCache } from './cart/cart-pricing.ts'
import { cartRoutes } from './cart/cart.routes.ts'
import { CartPayment } from './cart/cart-payment.ts'
import { cartPaymentRoutes } from './cart/cart-payment.routes.ts'
import { backofficeRoutes } from './backoffice/backoffice.routes.ts'
import { CaptchaService, registerCaptchaCleanUp } from './captcha/captcha.ts'
import { captchaRoutes } from './captcha/captcha.routes.ts'
import { CatalogueCache } from './catalogue/catalogue-cache.ts'
import { catalogueRoutes } from './catalogue/catalogue.routes.ts'
import type { Config } from './config.ts'
import { contentRoutes } from './content/content.routes.ts'
import type { AppContext } from './context.ts'
import { conversionRoutes } from './conversions/conversion.routes.ts'
import { countryRoutes } from './countries/country.routes.ts'
import type { DatabaseHandle } from './db/database.ts'
import { cacheHeaders } from './http/cache.ts'
import { COMPRESS_THRESHOLD, ENCODINGS } from './http/encoded-body.ts'
import { KeptZstd } from './http/kept-zstd.ts'
import { apiDocsRoutes, registerOpenApi } from './http/api-docs.ts'
import { applyEtag } from './http/etag.ts'
import { ResponseCache } from './http/response-cache.ts'
import { errorHandler, notFoundHandler } from './http/errors.ts'
import { isApiRequest, isScoped, resolveScope } from './http/scope.ts'
import { checkCrossSite } from './http/cross-site.ts'
import { registerSecurityHeaders, type SecurityHeaders } from './http/security-headers.ts'
import { healthRoutes } from './http/health.ts'
import { registerJobCleanUp } from './jobs/job-cleanup.ts'
import { JobQueue } from './jobs/job-queue.ts'
import { languageRoutes } from './languages/language.routes.ts'
import { devMailRoutes } from './mail/dev-mail.routes.ts'
import { createMailTransport } from './mail/mail-transport.ts'
import { MailService } from './mail/mail.service.ts'
import { newsletterBackofficeRoutes } from './newsletter/newsletter-backoffice.routes.ts'
import { newsletterRoutes } from './newsletter/newsletter.routes.ts'
import { NewsletterService } from './newsletter/newsletter.service.ts'
import { createPaymentProvider } from './payments/payment-providers.ts'
import { paymentRoutes } from './payments/payments.routes.ts'
import { PaymentService } from './payments/payments.service.ts'
import { invoiceRoutes } from './invoices/invoice.routes.ts'
import { InvoiceService } from './invoices/invoice.service.ts'
import { accountOrderRoutes } from './orders/account-order.routes.ts'
import { orderRoutes } from './orders/order.routes.ts'
import { OrderService } from './orders/order.service.ts'
import { followPayment, OrderPayments } from './orders/order-payment.ts'
import { OrderRefunds } from './orders/order-refund.ts'
import { returnBackofficeRoutes } from './returns/return-backoffice.routes.ts'
import { returnRoutes } from './returns/return.routes.ts'
import { routingRoutes } from './routing/routing.routes.ts'
import { SiteDirectory } from './sites/site.directory.ts'
import { siteRoutes } from './sites/site.routes.ts'
import { registerRateLimitCleanUp, registerRateLimits } from './rate-limits/rate-limit.plugin.ts'
import { registerSessionCleanUp } from './sessions/session-cleanup.ts'
import { registerSessions } from './sessions/session.plugin.ts'
import { SessionService } from './sessions/session.service.ts'
import { renderRoutes, type Renderer } from './render/render.routes.ts'
import { accountReviewRoutes } from './reviews/review.routes.ts'
import { accountScanRoutes } from './scans/scan.routes.ts'
import { articleRoutes } from './articles/article.routes.ts'
import { sitemapRoutes } from './sitemap/sitemap.routes.ts'
import { dealerRoutes } from './dealers/dealer.routes.ts'
import { vapidKeys, WebPushSender, type VapidKeys } from './stock-reminders/push-sender.ts'
import { stockReminderRoutes } from './stock-reminders/stock-reminder.routes.ts'
import { StockReminderService } from './stock-reminders/stock-reminder.service.ts'
import { API_VERSION, API_VERSION_HEADER } from '../domain/version.ts'

/**
 * Never logged, whatever a log line carries: bearer tokens (the back-office API) and cookies. Pino's request
 * serializer leaves headers out anyway; this holds for a request or its headers logged by hand too.
 */
export const LOG_REDACT = {
  paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'],
  censor: '[redacted]',
}

/** Query parameters that carry a secret: an order's key, a password (setpassword), a token of a mailed link. */
const SECRET_QUERY = /([?&](?:key|password|token)=)[^&#]*/gi

/** A request's address for the log, with the values of secret query parameters masked. */
export const loggedUrl = (url: string) => url.replace(SECRET_QUERY, '$1[redacted]')

/** Fastify's request line, with `loggedUrl`: the secrets some calls carry in the query never reach the log. */
const LOG_SERIALIZERS = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
}

const API_VERSION_VALUE = String(API_VERSION)

/**
 * Answers up to this size are compressed in one call rather than through a stream. @fastify/compress's default on two
 * cores is 8 KB, which sent every page (60-70 KB of HTML) through a stream of 16 KB chunks and the thread pool: a
 * kept page cost 2.1 ms of the server's time with zstd where compressing it takes 0.26 ms (bench/README.md,
 * seventeenth round).
 */
const SYNC_COMPRESS_LIMIT = 256 * 1024
/**
 * Pages and the other answers compressed per request, in zstd (what browsers ask for first), through one compressor
 * kept for the server's life (kept-zstd.ts): making a compression stream per page cost a sixth of compressing it.
 * Its window is the largest answer compressed in one call, 256 KB, where a bigger one gives the same bytes.
 */
const pageZstd = new KeptZstd({
  params: { [constants.ZSTD_c_windowLog]: 18, [constants.ZSTD_c_hashLog]: 16, [constants.ZSTD_c_chainLog]: 16 },
})

/** Request bodies of this API are small JSON documents. */
const BODY_LIMIT = 64 * 1024

export interface BuildOptions {
  config: Config
  database: DatabaseHandle
  logger?: FastifyServerOptions['logger']
  /** Where log lines go when `logger` is not given (standard output); tests capture them. */
  logStream?: { write(line: string): void }
  /** Renders pages and serves the built app; without it the server is the API alone. */
  renderer?: Renderer
  /** The clock of the in-memory answer cache and of sessions; tests move it forward instead of waiting. */
  now?: () => number
  /**
   * False leaves out the security headers and the cross-site check: only for bench/services.bench.ts, which measures
   * what they cost per request.
   */
  security?: boolean
}

export async function buildApp({ config, database, logger, logStream, renderer, now, security = true }: BuildOptions) {
  const app = Fastify({
    logger: logger ?? {
      level: config.LOG_LEVEL,
      redact: LOG_REDACT,
      serializers: LOG_SERIALIZERS,
      ...(logStream && { stream: logStream }),
    },
    genReqId: (request) => {
      const given = request.headers['x-request-id']
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID()
    },
    bodyLimit: BODY_LIMIT,
    routerOptions: { caseSensitive: false, maxParamLength: 200 },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    trustProxy: config.NODE_ENV === 'production',
    // A URL Fastify cannot even decode (e.g. '/%ZZ/'): the API answers with its error body, a page request gets the
    // not-found page, never a bare framework error.
    frameworkErrors: (error, request, reply) => {
      const page = error.code === 'FST_ERR_BAD_URL' && !isApiRequest(request) ? badUrlPage : undefined
      // These answers skip every hook: the security headers are set here.
      securityHeaders?.(request, reply, page ? 'text/html' : 'application/json')
      if (page) return page(request, reply)
      return errorHandler(Object.assign(error, { statusCode: 400 }), request, reply)
    },
  }).withTypeProvider<ZodTypeProvider>()
  let badUrlPage: ((request: FastifyRequest, reply: FastifyReply) => unknown) | undefined
  let securityHeaders: SecurityHeaders | undefined

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.setErrorHandler(errorHandler)
  app.setNotFoundHandler(notFoundHandler)
  // Before any route: the OpenAPI document describes every route added after this.
  await registerOpenApi(app)

  const sites = new SiteDirectory(database.db, {
    onReloadError: (err) => app.log.error({ err }, 'reloading the sites failed'),
  })
  await sites.reload()
  const catalogue = new CatalogueCache(database.db, {
    onLoad: (kind, entry) =>
      app.log.debug({ kind, version: entry.version, products: entry.byId.size }, 'catalogue loaded'),
  })
  const pricing = new PricingCache(database.db)
  const carts = new CartService({ db: database.db, dialect: database.dialect, catalogue, pricing })
  // main.ts starts the worker (unless JOBS=off); every process may enqueue.
  const jobs = new JobQueue(database, {
    log: app.log,
    pollMs: config.JOBS_POLL_MS,
    concurrency: config.JOBS_CONCURRENCY,
  })
  registerJobCleanUp(jobs)
  const mail = new MailService({ jobs, transport: createMailTransport(config.SMTP_URL), config, log: app.log })
  registerSessionCleanUp(jobs)
  registerRateLimitCleanUp(jobs)
  registerCaptchaCleanUp(jobs)
  registerAccountCleanUp(jobs)
  const publicUrl = new URL(config.PUBLIC_URL)
  const paymentProvider = createPaymentProvider(config, { db: database.db, jobs, publicUrl })
  const cartCalculator = new CartCalculator(carts)
  const invoices = new InvoiceService({ database, sites, mail, publicUrl, secret: config.SESSION_SECRET })
  const newsletter = new NewsletterService({ database, sites, mail, jobs, secret: config.SESSION_SECRET })
  // Read (or made and stored) once, on first use: a server that never pushes never touches the table.
  let keys: Promise<VapidKeys> | undefined
  const pushKey = () =>
    (keys ??= vapidKeys(database.db, {
      publicKey: config.VAPID_PUBLIC_KEY,
      privateKey: config.VAPID_PRIVATE_KEY,
    }).catch((error: unknown) => {
      keys = undefined
      throw error
    }))
  const stockReminders = new StockReminderService({
    database,
    sites,
    catalogue,
    mail,
    jobs,
    publicUrl,
    push: async () =>
      new WebPushSender(await pushKey(), {
        subject: config.VAPID_SUBJECT ?? `mailto:webmaster@${publicUrl.hostname}`,
        extraOrigins: config.PUSH_ENDPOINT_ORIGINS,
      }),
    extraPushOrigins: config.PUSH_ENDPOINT_ORIGINS,
  })
  const accounts = new AccountService({
    database,
    sites,
    mail,
    jobs,
    now,
    // The account's newsletter box and its subscription are one choice.
    onNewsletter: (trx, scope, accountId, on) => newsletter.setForAccountIn(trx, scope, accountId, on),
  })
  const orders = new OrderService({
    database,
    carts,
    calculator: cartCalculator,
    mail,
    jobs,
    onStockMoved: () => catalogue.refresh(),
    // Whatever moves an order to paid issues its invoice and queues its mail in that move's transaction.
    onPaid: invoices.paid,
    secret: config.SESSION_SECRET,
    accounts,
  })
  // The order follows its payment in the payment's transaction.
  const payments = new PaymentService({
    db: database.db,
    provider: paymentProvider,
    publicUrl,
    onStatus: (trx, payment, status) => followPayment(trx, { moves: orders.moves, jobs }, payment, status, new Date()),
  })
  // A payment the order cannot follow (it ended first, or was paid already) is paid back by this job.
  const orderRefunds = new OrderRefunds({ database, sites, mail, jobs, provider: paymentProvider, publicUrl })
  const context: AppContext = {
    database,
    sites,
    config,
    publicUrl: new URL(config.PUBLIC_URL),
    catalogue,
    pricing,
    carts,
    cartCheckout: new CartCheckout(carts),
    cartCalculator,
    cartPayment: new CartPayment({ db: database.db, carts, calculator: cartCalculator, provider: paymentProvider }),
    jobs,
    mail,
    payments,
    addresses: new EmbeddedAddressProvider(database.db),
    orders,
    orderPayments: new OrderPayments({ database, payments, moves: orders.moves }),
    orderRefunds,
    invoices,
    newsletter,
    accounts,
    captcha: new CaptchaService(database.db, config, now),
    stockReminders,
    pushKey,
  }

  const responses = new ResponseCache({ now })
  app.decorateRequest('scope', undefined)
  app.decorateRequest('fromCache', false)
  app.decorateRequest('routeConfigRead', undefined)
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id)
    if (!isApiRequest(request) || !isScoped(request)) return done()
    // A kept answer was made for the same host, site, language and time, whose scope resolved then: it goes first.
    if (responses.answer(request, reply)) return
    try {
      request.scope = resolveScope(sites, request)
    } catch (error) {
      return done(error as Error)
    }
    done()
  })
  // After the scope, so the refusal is in the request's language; before the body is read.
  if (security)
    app.addHook('onRequest', (request, _reply, done) => {
      try {
        checkCrossSite(sites, request, context.publicUrl)
      } catch (error) {
        return done(error as Error)
      }
      done()
    })
  // While shutting down, answers of requests in flight close their connection, so keep-alive clients move to
  // another server instead of holding this one open until their idle timeout.
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
    // The worker stops claiming now and finishes its running jobs while requests finish; onClose waits for it.
    void jobs.stop(config.SHUTDOWN_TIMEOUT_MS)
  })
  // One hook for every per-answer header: cache policy, ETag (and 304), connection close while shutting down.
  app.addHook('onSend', (request, reply, payload, done) => {
    cacheHeaders(request, reply)
    if (closing) reply.header('connection', 'close')
    const answer = applyEtag(request, reply, payload)
    if (isApiRequest(request)) {
      reply.header(API_VERSION_HEADER, API_VERSION_VALUE)
      responses.keep(request, reply, payload)
    }
    done(null, answer)
  })
  // After the hook above: a 304 it makes keeps the browser's policy.
  if (security)
    securityHeaders = registerSecurityHeaders(app, {
      sites,
      production: config.NODE_ENV === 'production',
      imageOrigins: [new URL(config.MAP_TILE_URL.replace(/[{}]/g, '')).origin],
    })
  const stopMaintenance = startCartMaintenance(database.db, app.log)
  app.addHook('onClose', async () => {
    stopMaintenance()
    await jobs.stop(config.SHUTDOWN_TIMEOUT_MS)
    mail.close()
    await database.close()
  })

  // Responses are compressed; request bodies are small JSON and never arrive compressed.
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD,
    syncThreshold: SYNC_COMPRESS_LIMIT,
    // Only zstd's one-call compression is replaced; the other encodings and the streams are Node's own.
    zlib: { zstdCompressSync: (payload: Buffer) => pageZstd.compress(payload) },
    encodings: [...ENCODINGS],
  })
  // Cookies and request.session, before any route.
  await registerSessions(app, config, new SessionService(database.db, now))
  await registerRateLimits(app, { config, database, now })

  // Fastify gives every encapsulated plugin Request and Reply classes of their own, so answers from routes in several
  // plugins reach the shared hooks (ours and Fastify's) as objects of several shapes, which V8 then handles through its
  // slower megamorphic lookups. The routes that change nothing in their context are therefore added to the root one,
  // beside the not-found handler: one shape for every page and every hot API call. Only those that need a context of
  // their own (a body parser, a hook, a plugin) are encapsulated.
  for (const routes of [
    healthRoutes,
    apiDocsRoutes,
    siteRoutes,
    languageRoutes,
    countryRoutes,
    routingRoutes,
    contentRoutes,
    conversionRoutes,
    catalogueRoutes,
    cartRoutes,
    cartPaymentRoutes,
    orderRoutes,
    invoiceRoutes,
    accountOrderRoutes,
    devMailRoutes,
    addressRoutes,
    newsletterBackofficeRoutes,
    accountRoutes,
    captchaRoutes,
    accountReviewRoutes,
    accountScanRoutes,
    articleRoutes,
    sitemapRoutes,
    dealerRoutes,
    stockReminderRoutes,
  ])
    await routes(app, context)
  if (renderer) badUrlPage = await renderRoutes(app, context, renderer)

  // Their own body parsers (the payment provider's webhook, the newsletter's unsubscribe), multipart uploads, and the
  // back office's sign-in check.
  for (const routes of [paymentRoutes, newsletterRoutes, returnRoutes, backofficeRoutes, returnBackofficeRoutes])
    await app.register(async (scoped) => routes(scoped.withTypeProvider<ZodTypeProvider>(), context))

  return Object.assign(app, { context })
}

export type App = Awaited<ReturnType<typeof buildApp>>
