import { z } from 'zod'

// Typed errors with a code. The server turns them into the error body below; the app maps the code to a
// translated message (the keys `errors.<code>` in locales/).

export const ERROR_CODES = [
  'activationTokenExpired',
  'bodyTooLarge',
  'captchaInvalid',
  'cartEmpty',
  'cartLimit',
  'cartNotAvailable',
  'cartNotFound',
  'checkoutIncomplete',
  'crossSiteRequest',
  'discountCodeExpired',
  'discountCodeNotYetValid',
  'discountCodeUnknown',
  'emailChangeTokenExpired',
  'giftCardInvalid',
  'idempotencyKeyReused',
  'impersonationKeyInvalid',
  'insufficientStock',
  'internal',
  'invalidBody',
  'invalidFields',
  'invalidParameter',
  'invalidToken',
  'lineNotFound',
  'malformedJson',
  'newsletterLinkInvalid',
  'notFound',
  'notSignedIn',
  'orderNotFound',
  'orderNotPaid',
  'orderStatusRefused',
  'outOfStock',
  'pageNotFound',
  'parameterRequired',
  'paymentUnavailable',
  'productNotAvailable',
  'productNotBought',
  'productOrderable',
  'pushEndpointRefused',
  'rateLimited',
  'requestInProgress',
  'resetTokenExpired',
  'reviewExists',
  'routeNotFound',
  'sampleNotFound',
  'serviceUnavailable',
  'signInFailed',
  'stockReminderLinkInvalid',
  'stockRemindersOff',
  'tooManyRequests',
  'unauthorized',
  'unknownCountry',
  'unknownFacetFilter',
  'unknownHost',
  'unknownIssuer',
  'unknownLanguage',
  'unknownPaymentMethod',
  'unknownSite',
  'unknownVariants',
  'unsupportedMediaType',
  'variantNotSold',
  'weakPassword',
] as const
export const ErrorCodeSchema = z.enum(ERROR_CODES)
export type ErrorCode = z.infer<typeof ErrorCodeSchema>

export const ApiErrorSchema = z.object({
  status: z.number().int().min(400).max(599),
  code: ErrorCodeSchema,
  /** A technical English message, in the shop's fixed wording where it has one. */
  message: z.string(),
  /** The same, for people, in the request's language. */
  localizedMessage: z.string(),
  params: z.record(z.string(), z.string()).optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
})
export type ApiError = z.infer<typeof ApiErrorSchema>

export class AppError extends Error {
  readonly code: ErrorCode
  readonly status: number
  readonly params: Record<string, string>
  /** Extra fields for the error body, e.g. the not-found content page id of a routing lookup. */
  readonly extra: Record<string, unknown>

  constructor(
    code: ErrorCode,
    status: number,
    message: string,
    params: Record<string, string> = {},
    extra: Record<string, unknown> = {},
  ) {
    super(message)
    this.name = 'AppError'
    this.code = code
    this.status = status
    this.params = params
    this.extra = extra
  }
}

/** A required parameter is missing: "The parameter … must be defined." */
export class ParameterRequiredError extends AppError {
  constructor(name: string) {
    super('parameterRequired', 400, `The parameter '${name}' must be defined.`, { name })
  }
}

export class NotFoundError extends AppError {
  constructor(what: string) {
    super('notFound', 404, `${what} was not found.`)
  }
}
