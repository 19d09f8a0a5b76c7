import { z } from 'zod'
import { AccountSchema } from './address.ts'
import { IdParamSchema } from './ids.ts'

// The shapes of the §7 Account and Authentication calls (src/server/accounts/, docs/accounts.md), shared by the app
// and the server. Like the checkout's calls, text fields are taken in any form up to a bound and checked field by
// field by the rules (checkout-rules.ts, PasswordSchema), which answer 400 `invalidFields` with a locale key per
// field; only the shape is checked here.

const FieldText = z.string().max(1000)
const PasswordText = z.string().max(200)

/** Where the link in a mail points: a page of the site that asked (the server refuses any other host). */
export const CallbackUrlQuerySchema = z.object({ callbackUrl: z.url({ protocol: /^https?$/ }).max(2000) })

const AddressBodySchema = z.object({
  zipcode: FieldText,
  street: FieldText,
  streetNumber: FieldText,
  streetNumberAddition: FieldText.default(''),
  city: FieldText,
  countryId: z.number().int().positive().nullable(),
})
const CompanyBodySchema = z.object({ companyName: FieldText, vatNumber: FieldText.default('') })

/** `POST /api/account?callbackUrl`: register; 204 and an activation mail (the same answer for a known address). */
export const RegisterBodySchema = z.object({
  emailAddress: FieldText,
  password: PasswordText,
  firstName: FieldText,
  lastName: FieldText,
  phoneNumber: FieldText.default(''),
  billing: AddressBodySchema.optional(),
  company: CompanyBodySchema.nullable().default(null),
  newsletter: z.boolean().default(false),
})
export type RegisterBody = z.infer<typeof RegisterBodySchema>

/** `PUT /api/account?callbackUrl`: the account's own data (not its e-mail address or password). */
export const UpdateAccountBodySchema = z.object({
  firstName: FieldText,
  lastName: FieldText,
  phoneNumber: FieldText,
  billing: AddressBodySchema,
  alternativeShippingAddress: z.boolean(),
  shipping: AddressBodySchema.nullable(),
  company: CompanyBodySchema.nullable(),
  newsletter: z.boolean(),
})
export type UpdateAccountBody = z.infer<typeof UpdateAccountBodySchema>

export const UserIdParamsSchema = z.object({ userId: IdParamSchema })
/** A token from a mailed link: 128 random bits or more, base64url. */
export const TokenSchema = z.string().regex(/^[A-Za-z0-9_-]{22,200}$/)
export const TokenQuerySchema = z.object({ token: TokenSchema })

/** `POST /api/account/forgotpassword?callbackUrl`: 204 whether or not the address has an account. */
export const ForgotPasswordBodySchema = z.object({ emailAddress: FieldText })
/**
 * `POST /api/account/resendconfirmation?userId&callbackUrl` (captcha): by the account id of an expired link, or by
 * the e-mail address in the body (the login page's offer); 204 either way.
 */
export const ResendConfirmationQuerySchema = CallbackUrlQuerySchema.extend({ userId: IdParamSchema.optional() })
export const ResendConfirmationBodySchema = z.object({ emailAddress: FieldText }).partial().default({})
/** `POST /api/account/{userId}/resetpassword?token`. */
export const ResetPasswordBodySchema = z.object({ newPassword: PasswordText })
/** `POST /api/account/changepassword` (signed in). */
export const ChangePasswordBodySchema = z.object({ currentPassword: PasswordText, newPassword: PasswordText })
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>
/** `POST /api/account/changeemailaddress?callbackUrl` (signed in): the change waits for the link mailed to the new address. */
export const ChangeEmailBodySchema = z.object({ newEmailAddress: FieldText, password: PasswordText })
export type ChangeEmailBody = z.infer<typeof ChangeEmailBodySchema>

/** `POST /api/authentication/signin` (captcha in the `recaptchatoken` header). */
export const SignInBodySchema = z.object({ emailAddress: FieldText, password: PasswordText })
/** `POST /api/authentication/isauthenticated`. */
export const IsAuthenticatedSchema = z.boolean()

/** `GET /api/account`: the account (spec §3 Account), with its id and e-mail address. */
export const AccountAnswerSchema = AccountSchema.extend({ userId: z.number().int().positive() })
export type AccountAnswer = z.infer<typeof AccountAnswerSchema>
