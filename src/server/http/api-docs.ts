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

/** The nouns of the API, as the server's folders name them, with what each covers. */
const NOUNS = {
  sites: 'The shop sites: by domain, in full, their settings, and the localization check.',
  languages: 'The languages the sites are offered in.',
  countries: 'Countries, their names in every language and the zip codes they refuse.',
  routing: 'Paths and routes: the page of a path, the path of a route, the same page on every site.',
  content: 'Content pages and the frame of every page: navigations, footer, USPs, notifications.',
  conversions: 'Conversions of mailings.',
  catalogue: 'Products, search and suggestions, labels, the offline catalogue, stock reminders.',
  cart: 'Carts, their changes and checkout details, and cart calculations.',
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
  stockreminders: 'catalogue',
  cartcalculation: 'cart',
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
      tags: Object.entries(NOUNS).map(([name, description]) => ({ name, description })),
    },
    transform: (route) => {
      if (!isDocumented(route.url)) return { schema: { hide: true }, url: route.url }
      const { schema, url } = zodTransform(route)
      return { schema: { ...schema, tags: schema?.tags ?? [tagOf(url)] }, url }
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
    await app.register(fastifySwaggerUi, { routePrefix: API_DOCS_PREFIX })
  }
}
