// The newsletter API (src/server/newsletter/newsletter.service.ts holds the rules):
// - POST /api/newsletter/subscribe: 204 for every address, the confirmation link mailed in the request's language;
//   rate-limited per address and per e-mail address (newsletterSignup).
// - POST /api/newsletter/confirm?token: the mailed link's token; the address and its status.
// - POST /api/newsletter/unsubscribe?id&key: the signed link of every newsletter mail, from the app's page or from a
//   mail client's one-click button (RFC 8058: a form-encoded `List-Unsubscribe=One-Click` from the mail provider's
//   servers, so no cross-site check and any body).
// - GET and PUT /api/account/subscriptions: the signed-in account's newsletter opt-in.
// Never cached: every answer is about one person.
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { fieldError } from '../../domain/field-errors.ts'
import {
  AccountSubscriptionsBodySchema,
  AccountSubscriptionsSchema,
  ConfirmQuerySchema,
  SubscribeBodySchema,
  SubscriptionResultSchema,
  UnsubscribeQuerySchema,
} from '../../domain/newsletter-api.ts'
import { AppError } from '../../domain/errors.ts'
import { EmailAddressSchema } from '../../domain/email.ts'
import { invalidFields } from '../cart/checkout-rules.ts'
import type { AppContext, ZodApp } from '../context.ts'
import { scopeOf } from '../http/scope.ts'
import { hostnameOf } from '../sites/site.directory.ts'
import { originFor } from '../sites/site.service.ts'

const none = { cache: 'none' } as const

/** The signed-in account of the request, else 401 `notSignedIn`. */
async function signedIn(request: FastifyRequest): Promise<number> {
  const accountId = await request.session.accountId()
  if (accountId === null) throw new AppError('notSignedIn', 401, 'Sign in first.')
  return accountId
}

export async function newsletterRoutes(app: ZodApp, { newsletter, publicUrl }: AppContext) {
  // RFC 8058's one-click POST is a form (urlencoded or multipart) whose content the link's signature makes moot.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    if (!app.hasContentTypeParser(type))
      app.addContentTypeParser(type, { parseAs: 'string' }, (_r, _body, done) => done(null, null))
  }

  app.post(
    '/api/newsletter/subscribe',
    {
      config: { ...none, limit: 'newsletterSignup' },
      schema: {
        summary: 'Signs an address up for the newsletter (double opt-in)',
        description:
          'Always 204, whether the address is new, pending or subscribed already: a new one gets the confirmation ' +
          'link in the request’s language, a subscribed one a note (at most one a day).',
        body: SubscribeBodySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request)
      const address = EmailAddressSchema.safeParse(request.body.emailAddress.trim())
      if (!address.success) throw invalidFields([fieldError('emailAddress', 'validation.email')], scope.language.code)
      await newsletter.subscribe(scope, address.data, originFor(scope.site, hostnameOf(request.host), publicUrl))
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/api/newsletter/confirm',
    {
      config: none,
      schema: {
        summary: 'Confirms a newsletter subscription with the mailed link’s token',
        description:
          'A second click answers the same; an unknown, expired or replaced link is 410 newsletterLinkInvalid.',
        querystring: ConfirmQuerySchema,
        response: { 200: SubscriptionResultSchema },
      },
    },
    async (request) => newsletter.confirm(scopeOf(request), request.query.token),
  )

  app.post(
    '/api/newsletter/unsubscribe',
    {
      config: { ...none, crossSite: 'allow' },
      schema: {
        summary: 'Unsubscribes by the signed link of a newsletter mail (also RFC 8058 one-click)',
        querystring: UnsubscribeQuerySchema,
        response: { 200: SubscriptionResultSchema },
      },
    },
    async (request) => newsletter.unsubscribe(scopeOf(request), request.query.id, request.query.key),
  )

  app.get(
    '/api/account/subscriptions',
    {
      config: none,
      schema: { summary: 'The signed-in account’s newsletter opt-in', response: { 200: AccountSubscriptionsSchema } },
    },
    async (request) => newsletter.ofAccount(scopeOf(request), await signedIn(request)),
  )

  app.put(
    '/api/account/subscriptions',
    {
      config: none,
      schema: {
        summary: 'Opts the signed-in account in or out of the newsletter',
        description:
          'In counts as confirmed: the account’s address was proven by its activation link and the choice is made ' +
          'signed in. Out unsubscribes the address.',
        body: AccountSubscriptionsBodySchema,
        response: { 200: AccountSubscriptionsSchema },
      },
    },
    async (request) => newsletter.setForAccount(scopeOf(request), await signedIn(request), request.body.newsletter),
  )
}
