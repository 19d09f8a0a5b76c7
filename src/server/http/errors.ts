// The one place where errors become HTTP responses, in the API's error shapes. 4xx errors say what was wrong, in English and
// in the request's language; 5xx errors are logged with their stack and answered with a generic message only.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { AppError, ParameterRequiredError, type ApiError, type ErrorCode } from '../../domain/errors.ts'
import { translate } from '../i18n.ts'

const FASTIFY_CODES: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'malformedJson', message: 'The body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'malformedJson', message: 'The body is empty but the content type is JSON.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'bodyTooLarge', message: 'The body is larger than allowed.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupportedMediaType', message: 'The content type is not supported.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'invalidBody', message: 'The content length does not match the body.' },
  FST_ERR_BAD_URL: { code: 'invalidParameter', message: 'The URL is malformed.' },
  FST_ERR_ASYNC_CONSTRAINT: { code: 'invalidParameter', message: 'The request could not be routed.' },
}

function valueAt(source: unknown, path: string): unknown {
  let value = source
  for (const segment of path.split('/').filter(Boolean)) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<string, unknown>)[segment]
  }
  return value
}

function validationError(error: FastifyError, request: FastifyRequest): AppError {
  const context = error.validationContext ?? 'body'
  const validation = hasZodFastifySchemaValidationErrors(error) ? error.validation : []
  const issues = validation.map((v) => ({
    path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    message: v.message ?? '',
  }))
  const source = { querystring: request.query, params: request.params, headers: request.headers, body: request.body }[
    context
  ]
  if (context !== 'body') {
    const first = validation[0]
    const name = issues[0]?.path || context
    // A parameter that is absent, or empty, is missing rather than malformed ("must be defined").
    const raw = first ? valueAt(source, first.instancePath) : undefined
    if (raw === undefined || raw === '') return withIssues(new ParameterRequiredError(name), issues)
    return withIssues(new AppError('invalidParameter', 400, `The parameter '${name}' is not valid.`, { name }), issues)
  }
  if (request.body === undefined || request.body === null) {
    return withIssues(new AppError('invalidBody', 400, 'The request needs a JSON body.'), issues)
  }
  return withIssues(new AppError('invalidBody', 400, 'The body does not match the expected shape.'), issues)
}

function withIssues(error: AppError, issues: { path: string; message: string }[]): AppError {
  Object.assign(error.extra, { issues })
  return error
}

export function toAppError(error: FastifyError, request: FastifyRequest): AppError {
  if (error instanceof AppError) return error
  if (hasZodFastifySchemaValidationErrors(error) || error.validation) return validationError(error, request)
  const known = error.code ? FASTIFY_CODES[error.code] : undefined
  if (known) return new AppError(known.code, error.statusCode ?? 400, known.message)
  const status = error.statusCode ?? 500
  if (status === 429) return new AppError('tooManyRequests', 429, 'Too many requests.')
  if (status === 503) return new AppError('serviceUnavailable', 503, 'The service is unavailable.')
  if (status >= 400 && status < 500) return new AppError('invalidParameter', status, 'The request is not valid.')
  return new AppError('internal', 500, 'An unexpected server error occurred.')
}

export function errorBody(error: AppError, request: FastifyRequest): ApiError & Record<string, unknown> {
  const language = request.scope?.language.code ?? 'en'
  const body: ApiError & Record<string, unknown> = {
    status: error.status,
    code: error.code,
    message: error.message,
    localizedMessage: translate(language, `errors.${error.code}`, error.params),
    ...error.extra,
  }
  if (Object.keys(error.params).length > 0) body.params = error.params
  return body
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const appError = toAppError(error, request)
  if (appError.status >= 500) request.log.error({ err: error }, 'request failed')
  else request.log.info({ code: appError.code, err: error.message }, 'request rejected')
  return reply.status(appError.status).type('application/json; charset=utf-8').send(errorBody(appError, request))
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  const error = new AppError('routeNotFound', 404, `There is no ${request.method} ${request.url.split('?')[0]}.`)
  return reply.status(404).type('application/json; charset=utf-8').send(errorBody(error, request))
}
