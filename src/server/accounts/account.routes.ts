// The §7 Account and Authentication calls (account.service.ts does the work; docs/accounts.md). Every answer is
// personal or about an account: never cached (`cache: 'none'`). Calls that take an e-mail address count against
// their rate limit (rate-limits.ts) per address and per IP; sign-in and resend confirmation need a solved captcha
// in the `recaptchatoken` header (captcha/captcha.ts).
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import {
  AccountAnswerSchema,
  CallbackUrlQuerySchema,
  ChangeEmailBodySchema,
  ChangePasswordBodySchema,
  ForgotPasswordBodySchema,
  IsAuthenticatedSchema,
  RegisterBodySchema,
  ResendConfirmationBodySchema,
  ResendConfirmationQuerySchema,
  ResetPasswordBodySchema,
  SignInBodySchema,
  TokenQuerySchema,
  UpdateAccountBodySchema,
  UserIdParamsSchema,
} from '../../domain/account-api.ts'
import type { AppContext, ZodApp } from '../context.ts'
import { FIELD_REFUSALS } from '../http/api-docs.ts'
import { scopeOf } from '../http/scope.ts'
import { NotSignedInError } from './account.service.ts'

const none = { cache: 'none' } as const
const noContent = { 204: z.null() }

// The refusals of these calls for the API's document (api-docs.ts), beside the platform's.
const FIELDS = FIELD_REFUSALS[400]
const SIGNED_IN = { 401: 'Not signed in (code notSignedIn).' }
const CAPTCHA =
  'captchaInvalid: the `recaptchatoken` header (a solution of GET /api/captcha/challenge, base64) is missing, wrong, ' +
  'expired or used before.'
const LINK =
  "The link's token: `invalidToken` (unknown, used, replaced by a newer link, another account's), or expired: " +
  '`activationTokenExpired`, `resetTokenExpired`, `emailChangeTokenExpired`.'
const CALLBACK = '`invalidParameter` (`params.name` callbackUrl): the callbackUrl is not an address of this site.'

/** The signed-in account's id, or 401 `notSignedIn`. */
export async function signedInAccount(request: FastifyRequest): Promise<number> {
  const accountId = await request.session.accountId()
  if (accountId === null) throw new NotSignedInError()
  return accountId
}

export function accountRoutes(app: ZodApp, { accounts, captcha }: AppContext) {
  app.get(
    '/api/account',
    { config: { ...none, refusals: SIGNED_IN }, schema: { response: { 200: AccountAnswerSchema } } },
    async (request) => accounts.get(scopeOf(request), await signedInAccount(request)),
  )

  app.post(
    '/api/account',
    {
      config: { ...none, limit: 'registration', refusals: { 400: `${FIELDS} ${CALLBACK}` } },
      schema: { querystring: CallbackUrlQuerySchema, body: RegisterBodySchema, response: noContent },
    },
    async (request, reply) => {
      await accounts.register(scopeOf(request), request.body, request.query.callbackUrl)
      return reply.status(204).send(null)
    },
  )

  app.put(
    '/api/account',
    {
      config: { ...none, refusals: { 400: `${FIELDS} ${CALLBACK}`, ...SIGNED_IN } },
      schema: { querystring: CallbackUrlQuerySchema, body: UpdateAccountBodySchema, response: noContent },
    },
    async (request, reply) => {
      const accountId = await signedInAccount(request)
      await accounts.update(scopeOf(request), accountId, request.body, request.query.callbackUrl)
      return reply.status(204).send(null)
    },
  )

  // Follows an activation link or an e-mail change link (the token says which).
  app.post(
    '/api/account/:userId/confirm',
    {
      config: { ...none, refusals: { 400: LINK } },
      schema: { params: UserIdParamsSchema, querystring: TokenQuerySchema, response: noContent },
    },
    async (request, reply) => {
      await accounts.confirm(scopeOf(request), request.params.userId, request.query.token)
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/api/account/resendconfirmation',
    {
      config: { ...none, limit: 'resendConfirmation', refusals: { 400: `${CAPTCHA} ${CALLBACK}` } },
      schema: { querystring: ResendConfirmationQuerySchema, body: ResendConfirmationBodySchema, response: noContent },
    },
    async (request, reply) => {
      await captcha.verify(request)
      const { userId, callbackUrl } = request.query
      await accounts.resendConfirmation(
        scopeOf(request),
        { userId, emailAddress: request.body.emailAddress },
        callbackUrl,
      )
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/api/account/forgotpassword',
    {
      config: { ...none, limit: 'forgotPassword', refusals: { 400: `${FIELDS} ${CALLBACK}` } },
      schema: { querystring: CallbackUrlQuerySchema, body: ForgotPasswordBodySchema, response: noContent },
    },
    async (request, reply) => {
      await accounts.forgotPassword(scopeOf(request), request.body.emailAddress, request.query.callbackUrl)
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/api/account/:userId/resetpassword',
    {
      config: { ...none, limit: 'passwordReset', refusals: { 400: `${FIELDS} ${LINK}` } },
      schema: {
        params: UserIdParamsSchema,
        querystring: TokenQuerySchema,
        body: ResetPasswordBodySchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      const { params, query, body } = request
      await accounts.resetPassword(scopeOf(request), params.userId, query.token, body.newPassword)
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/api/account/changepassword',
    {
      config: { ...none, limit: 'passwordChange', refusals: { 400: FIELDS, ...SIGNED_IN } },
      schema: { body: ChangePasswordBodySchema, response: noContent },
    },
    async (request, reply) => {
      const accountId = await signedInAccount(request)
      await accounts.changePassword(scopeOf(request), accountId, request.body.currentPassword, request.body.newPassword)
      // Every session of the account ended; this one goes on under a new id.
      await request.session.rotate({ accountId })
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/api/account/changeemailaddress',
    {
      config: { ...none, limit: 'emailChange', refusals: { 400: `${FIELDS} ${CALLBACK}`, ...SIGNED_IN } },
      schema: { querystring: CallbackUrlQuerySchema, body: ChangeEmailBodySchema, response: noContent },
    },
    async (request, reply) => {
      const accountId = await signedInAccount(request)
      const { newEmailAddress, password } = request.body
      await accounts.changeEmail(scopeOf(request), accountId, newEmailAddress, password, request.query.callbackUrl)
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/api/authentication/signin',
    {
      config: {
        ...none,
        limit: 'signIn',
        refusals: {
          400: CAPTCHA,
          401: 'signInFailed: a wrong password, an unknown address or an account not activated yet, alike.',
        },
      },
      schema: { body: SignInBodySchema, response: noContent },
    },
    async (request, reply) => {
      await captcha.verify(request)
      const accountId = await accounts.signIn(scopeOf(request), request.body.emailAddress, request.body.password)
      // A new session id with the account: an id known before sign-in (a fixed session) is worthless after it.
      await request.session.rotate({ accountId })
      return reply.status(204).send(null)
    },
  )

  app.post('/api/authentication/signout', { config: none, schema: { response: noContent } }, async (request, reply) => {
    await request.session.destroy()
    return reply.status(204).send(null)
  })

  app.post(
    '/api/authentication/isauthenticated',
    { config: none, schema: { response: { 200: IsAuthenticatedSchema } } },
    async (request) => (await request.session.accountId()) !== null,
  )
}
