// The API's description: an OpenAPI 3.1 document generated from the zod schemas the routes declare, at
// GET /api/docs/json, and outside production a browsable UI at /api/docs/. Every route under /api/ is in it (the
// pages, the service worker and the health check are not); a route is tagged with its noun, found from the first
// segment of its path unless the route names its own tags. A route marks itself deprecated with
// `schema: { deprecated: true }`.
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod'
import { API_VERSION, API_VERSION_HEADER } from '../../domain/version.ts'
import type { AppContext, ZodApp } from '../context.ts'

export const API_DOCS_PREFIX = '/api/docs'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Refusals of this route's own to document beside the platform's, by status: what the status means here. */
    refusals?: Record<number, string>
  }
}

/** The refusal of the checkout details' calls whose fields follow the checkout's rules (docs/addresses.md). */
export const FIELD_REFUSALS = {
  400:
    'Refused fields (code invalidFields). `params` names each refused field by its path in the body with its locale ' +
    'key (`"address.zipcode": "validation.postcode"`) and each parameter of that message as `<path>:<name>` ' +
    '(`"street:max": "120"`, `"address.zipcode:reason": "Texel"`); `issues` give each field\'s text in the ' +
    "request's language. A body of the wrong shape is `invalidBody`; a country id that does not exist `unknownCountry`.",
} as const

/** The refusal of placing an order whose checkout is not complete (docs/orders.md). */
export const PLACEMENT_REFUSALS = {
  409:
    'Not placed, nothing changed: `checkoutIncomplete` with `params.step` (billing, delivery or payment: the step to ' +
    'go back to) and, when stored details break the checkout rules, their fields as for `invalidFields` (paths from ' +
    'the cart: `billing.address.zipcode`, `shipping.address.countryId`, `company.vatNumber`); also `cartEmpty`, ' +
    '`productNotAvailable`, `outOfStock` (`params.ids`).',
} as const

/** The nouns of the API, as the server's folders name them, with what their calls answer (a list in the UI). */
const NOUNS = {
  sites: [
    '`GET /api/sites/getbydomain?domain=`: the site summary: id, country, API endpoint, type, languages, fallback language.',
    '`GET /api/sites`, `GET /api/sites/{id}`: full sites with their texts in the request language.',
    '`POST /api/sites?url=&countryCode=`: the localization check: `redirectUrl` and carried query parameters, or 204.',
    '`GET /api/sitesettings/{siteId}/{languageId}`: tag-manager container, captcha key, currency.',
  ],
  languages: ['`GET /api/language`, `GET /api/language/{id}`: the 15 languages.'],
  countries: [
    '`GET /api/countries`, `/localizedname`, `/{id}`, `/{id}/localizedname`, `/{id}/zipcodeexclusions`: countries, their names in 15 languages, refused zip codes (exact, prefix, range).',
  ],
  routing: [
    '`GET /api/routing/getbyurl?url=`: the route of a path: one of 16 kinds with its ids, `siteId`, `languageId`.',
    '`POST /api/routing/geturl`: the path of a route (`{ "kind": "contentPage", "contentPageId": 101 }`), or 204.',
    '`GET /api/routing/alternates?url=`: the same page on every site and language (absolute URLs): hreflang, switcher.',
  ],
  content: [
    '`GET /api/contentpages/{id}`: title, SEO texts, ordered blocks, FAQ groups and items with their paths.',
    'Navigations (primary, secondary), footer, USP collections and notifications: the frame of every page.',
    '`GET /api/articles/{id}`: an advice article or video, blog article, news item or partner; `GET /api/articlelists/{kind}?id=`: an overview or a category with its articles.',
  ],
  conversions: ["`POST /api/conversion?mailplusId=`: records a mailing's conversion once per site; 204."],
  catalogue: [
    '`POST /api/productsearch/search`: results, `totalCount`, facets with counts, `pageInfo` (page size 24).',
    '`GET /api/productsearch/autocomplete?term=`: up to 6 products, matching groups, the total count.',
    "`GET /api/products/{id}`, `/api/productvariants/{id}`: a product as this site sells it, in the request's language.",
    '`GET /api/products?ids=1,2,3`: the products of a list that this site sells (the comparison).',
    '`GET /api/feedproducts`: the feeds the feed calculator doses, with their feeding guides and packages.',
    "`GET /api/catalogue/labels`: group, facet value and landing page names, the search page's path.",
    '`GET /api/catalogue/sync?since=N`: the offline catalogue: a snapshot (`since=0`) or what changed after version N; never cached.',
    "`GET /api/dealers`: the dealers and known places of the site's country; `GET /api/dealers/search?q=` (or `lat`, `lon`): the nearest, nearest first.",
  ],
  reminders: [
    '`POST /api/stockreminders`: one e-mail when a variant that cannot be ordered now is back; `{ cancelToken }` (null when the address waits already); 404 `stockRemindersOff` where the site sends none.',
    '`POST /api/stockreminders/cancel?token=`: the cancel link of every reminder mail; 410 `stockReminderLinkInvalid`.',
    "`GET /api/push/key`: the VAPID public key; `POST /api/stockreminders/push` (a browser's subscription and a variant), `/push/list`, `/push/cancel`: a device's push reminders.",
  ],
  cart: [
    'Carts: create, get, the pricing rules, impersonation, recommendations, shipping methods.',
    'Changes of a stored cart and the checkout details kept on it: each answered 204, once per `Idempotency-Key`.',
    'Cart calculations: of a stored cart, of a cart described in the body, and `calculate2` (the cart and its notices).',
  ],
  account: [
    '`POST /api/account?callbackUrl`: register (204; an activation link mailed, the same answer for a known address).',
    '`POST /api/account/{userId}/confirm?token`: follow an activation or e-mail change link; 400 `activationTokenExpired`, `emailChangeTokenExpired`, `invalidToken`.',
    '`POST /api/account/resendconfirmation`, `/forgotpassword`: a new link mailed if the account exists; 204 either way. Resend needs a captcha.',
    '`POST /api/account/{userId}/resetpassword?token`: a new password; every session of the account ends. `resetTokenExpired`.',
    '`GET`, `PUT /api/account`, `POST /api/account/changepassword`, `/changeemailaddress`: signed in only (401 `notSignedIn`).',
    '`POST /api/authentication/signin` (captcha in `recaptchatoken`; 401 `signInFailed`), `/signout`, `/isauthenticated`.',
    '`GET`, `PUT /api/account/subscriptions`: the signed-in account’s newsletter opt-in (in counts as confirmed).',
    "`GET /api/account/orders`, `/orders/{orderId}`, `/orders/{orderId}/invoice` (PDF), `/invoices`: the signed-in account's orders and invoices; another's order is 404 `orderNotFound`.",
    "`GET /api/account/stockreminders`, `DELETE …/{email|push}/{id}`: the signed-in account's waiting back-in-stock reminders.",
  ],
  captcha: [
    '`GET /api/captcha/challenge`: an ALTCHA challenge (SHA-256 proof of work); its solution goes base64 in `recaptchatoken`, once.',
  ],
  newsletter: [
    '`POST /api/newsletter/subscribe`: sign-up with double opt-in; 204 for every address (rate limit `newsletterSignup`).',
    '`POST /api/newsletter/confirm?token`: the confirmation link; `{ emailAddress, status }`, 410 `newsletterLinkInvalid`.',
    '`POST /api/newsletter/unsubscribe?id&key`: the signed link of every newsletter mail, also its RFC 8058 one-click POST.',
  ],
} as const

type Noun = keyof typeof NOUNS

/** The first path segment (lower case) of the routes whose noun is another word; any other segment is its noun. */
const NOUN_OF_SEGMENT: Record<string, Noun> = {
  sitesettings: 'sites',
  language: 'languages',
  contentpages: 'content',
  primarynavigations: 'content',
  secondarynavigations: 'content',
  footer: 'content',
  uspcollections: 'content',
  notifications: 'content',
  conversion: 'conversions',
  products: 'catalogue',
  productvariants: 'catalogue',
  productsearch: 'catalogue',
  stockreminders: 'reminders',
  push: 'reminders',
  cartcalculation: 'cart',
  authentication: 'account',
}

/** Whether a route belongs in the document: the API, but not the document's own routes. */
export function isDocumented(url: string): boolean {
  const path = url.toLowerCase()
  return path.startsWith('/api/') && path !== API_DOCS_PREFIX && !path.startsWith(`${API_DOCS_PREFIX}/`)
}

/** The tag of an API route: its noun. */
export function tagOf(url: string): string {
  const segment = (url.split('/')[2] ?? '').toLowerCase()
  return NOUN_OF_SEGMENT[segment] ?? segment
}

const DESCRIPTION = `The shop's API. Paths are case-insensitive. The site of a request comes from the \`siteid\` header,
else from the host; its language from the \`languageid\` header, else the site's first language; \`datetime\` (ISO 8601)
sets the moment for what runs from–to. Every answer names the API version in \`${API_VERSION_HEADER}\`. Errors have one
shape: \`{ status, code, message, localizedMessage, params?, issues? }\`.`

/** The API's error body (src/server/http/errors.ts), for the answers every route of a kind may give. */
const ERROR_BODY = {
  type: 'object',
  required: ['status', 'code', 'message', 'localizedMessage'],
  properties: {
    status: { type: 'integer' },
    code: { type: 'string' },
    message: { type: 'string' },
    localizedMessage: { type: 'string' },
    params: { type: 'object', additionalProperties: { type: 'string' } },
    issues: {
      type: 'array',
      items: {
        type: 'object',
        required: ['path', 'message'],
        properties: { path: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
}

/**
 * The answers the platform adds to a route's own: 403 for a state-changing call from another site's page
 * (cross-site.ts) unless the route allows it, 429 with Retry-After for a route under a rate limit (rate-limits/), and
 * the refusals the route names in `config.refusals`, in the error body.
 */
export function platformAnswers(
  method: string | string[],
  config: { crossSite?: 'allow'; limit?: string; refusals?: Record<number, string> } | undefined,
): Record<string, object> {
  const methods = [method].flat()
  const answers: Record<string, object> = {}
  for (const [status, description] of Object.entries(config?.refusals ?? {}))
    answers[status] = { ...ERROR_BODY, description }
  if (methods.some((m) => !['GET', 'HEAD', 'OPTIONS'].includes(m)) && config?.crossSite !== 'allow') {
    answers[403] = { ...ERROR_BODY, description: "Refused: sent from another site's page (code crossSiteRequest)" }
  }
  if (config?.limit) {
    answers[429] = {
      ...ERROR_BODY,
      description: `Over the rate limit '${config.limit}' (code rateLimited; params.seconds, params.minutes)`,
      headers: { 'retry-after': { type: 'integer', description: 'Seconds until the next attempt is counted' } },
    }
  }
  return answers
}

/**
 * Registers the document's generator. Call it before any route is added: it sees the routes added after it.
 */
export async function registerOpenApi(app: ZodApp): Promise<void> {
  const zodTransform = createJsonSchemaTransform({ skipList: [] })
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Equivera web shop API', version: String(API_VERSION), description: DESCRIPTION },
      // Relative: the document describes the server that serves it, whatever its address.
      servers: [{ url: '/' }],
      tags: Object.entries(NOUNS).map(([name, calls]) => ({
        name,
        description: calls.map((call) => `- ${call}`).join('\n'),
      })),
    },
    transform: (route) => {
      if (!isDocumented(route.url)) return { schema: { hide: true }, url: route.url }
      const { schema, url } = zodTransform(route)
      const extra = platformAnswers(route.route.method, route.route.config)
      const own = schema?.response as Record<string, unknown> | undefined
      const response = Object.keys(extra).length
        ? { ...(own ?? { 200: { description: 'Default Response' } }), ...extra }
        : own
      return { schema: { ...schema, tags: schema?.tags ?? [tagOf(url)], ...(response && { response }) }, url }
    },
    transformObject: createJsonSchemaTransformObject({}),
  })
}

/**
 * The document's routes: the JSON always, the UI (which serves the same JSON) outside production. Cached like other
 * API answers without a policy of their own: 2 seconds.
 */
export async function apiDocsRoutes(app: ZodApp, { config }: AppContext): Promise<void> {
  if (config.NODE_ENV === 'production') {
    app.get(`${API_DOCS_PREFIX}/json`, { schema: { hide: true } }, async () => app.swagger())
  } else {
    // The UI's own policy (hashes of its inline scripts) replaces the page policy of security-headers.ts; framed by
    // nothing, and plain HTTP in development.
    await app.register(fastifySwaggerUi, {
      routePrefix: API_DOCS_PREFIX,
      staticCSP: true,
      transformStaticCSP: (policy) =>
        policy.replace("frame-ancestors 'self'", "frame-ancestors 'none'").replace(/\s*upgrade-insecure-requests;/, ''),
    })
  }
}
