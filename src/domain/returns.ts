import { z } from 'zod'
import { ReturnSchema } from './account.ts'
import { IdSchema } from './ids.ts'
import { OrderIdSchema } from './orders.ts'

// Return reports of an account (src/server/returns/, docs/accounts.md § Returns): the rules both sides apply and the
// shapes of the calls. The form is sent as multipart/form-data, so its fields arrive as text and are coerced here.

export const RETURN_REASONS = ReturnSchema.shape.reason.options
export const ReturnReasonSchema = ReturnSchema.shape.reason
export type ReturnReason = z.infer<typeof ReturnReasonSchema>

/**
 * received: the report is in, customer service has not answered yet; inProgress: customer service is on it (a
 * replacement, a pick-up); resolved: done. Customer service moves them; the customer only reads them.
 */
export const RETURN_STATUSES = ['received', 'inProgress', 'resolved'] as const
export const ReturnStatusSchema = z.enum(RETURN_STATUSES)
export type ReturnStatus = z.infer<typeof ReturnStatusSchema>

/**
 * A return may be reported for an order that was paid (and so is on its way or delivered: paid, processing, sent,
 * closed) until this many days after its payment. Delivery takes 1–2 days, so that leaves four weeks after delivery,
 * more than the 14 days of the EU's right of withdrawal.
 */
export const RETURN_PERIOD_DAYS = 30
export const RETURNABLE_ORDER_STATUSES = ['paid', 'processing', 'sent', 'closed'] as const

/** Scan products (Rqs, Qs) are a lab's service, not goods: nothing to send back. */
export const NOT_RETURNABLE_PRODUCT_TYPES: readonly number[] = [4, 5]

/**
 * The photo: what phones take (JPEG), screenshots (PNG) and WebP, told apart by their first bytes, never by their
 * name or the type the browser claims. HEIC is refused: browsers cannot show it, so customer service could not look
 * at it; iPhones send JPEG from a web form anyway (Safari converts), and the app sends its downscaled JPEG.
 */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
export type PhotoType = (typeof PHOTO_TYPES)[number]
export const PHOTO_MAX_BYTES = 8 * 1024 * 1024
/** The app scales a photo down to this many pixels on its longest side before sending it (rural connections). */
export const PHOTO_MAX_PIXELS = 1600

export const RETURN_TEXT_MAX = ReturnSchema.shape.text.maxLength ?? 2000

/** The photo's type from its first bytes (at least 12), or null for anything else (a PDF renamed to .jpg). */
export function photoTypeOf(head: Uint8Array): PhotoType | null {
  const at = (offset: number, bytes: number[]) => bytes.every((b, i) => head[offset + i] === b)
  if (at(0, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  // RIFF....WEBP
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return 'image/webp'
  return null
}

export const photoExtension = (type: PhotoType) =>
  ({ 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' })[type]

/**
 * The form's text fields as they arrive (strings). The shape only: what is wrong is answered per field with the
 * locale keys of `account.returns.errors` (returnFieldErrors).
 */
export const ReturnFormFieldsSchema = z.object({
  orderId: z.string().max(100).default(''),
  productVariantId: z.string().max(20).default(''),
  quantity: z.string().max(20).default(''),
  reason: z.string().max(50).default(''),
  text: z.string().max(10_000).default(''),
})
export type ReturnFormFields = z.infer<typeof ReturnFormFieldsSchema>

/** The fields once each has passed its rule. */
export interface ReturnRequest {
  orderId: string
  productVariantId: number
  quantity: number
  reason: ReturnReason
  text: string
}

export type ReturnField = keyof ReturnFormFields | 'photo'

/** A field and the locale key (under account.returns.errors) of what is wrong with it, with the key's parameters. */
export interface ReturnFieldError {
  field: ReturnField
  key: string
  params?: Record<string, string>
}

/**
 * The field rules that need no database: each field's first problem, or the request. A photo is required when the
 * reason is damage (customer service judges it from the photo, without sending someone), optional otherwise; a text
 * is required with the reason "other" (the reason says nothing then).
 */
export function checkReturnFields(
  fields: ReturnFormFields,
  hasPhoto: boolean,
): { ok: true; request: ReturnRequest } | { ok: false; errors: ReturnFieldError[] } {
  const errors: ReturnFieldError[] = []
  const orderId = OrderIdSchema.safeParse(fields.orderId.trim())
  if (!orderId.success) errors.push({ field: 'orderId', key: 'account.returns.errors.orderRequired' })
  const variant = IdSchema.safeParse(Number(fields.productVariantId))
  if (fields.productVariantId.trim() === '' || !variant.success)
    errors.push({ field: 'productVariantId', key: 'account.returns.errors.productRequired' })
  const quantity = z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .safeParse(fields.quantity.trim() || 'x')
  if (!quantity.success) errors.push({ field: 'quantity', key: 'account.returns.errors.quantityInvalid' })
  const reason = ReturnReasonSchema.safeParse(fields.reason)
  if (!reason.success) errors.push({ field: 'reason', key: 'account.returns.errors.reasonRequired' })
  const text = fields.text.trim()
  if (text.length > RETURN_TEXT_MAX)
    errors.push({ field: 'text', key: 'account.returns.errors.textTooLong', params: { max: String(RETURN_TEXT_MAX) } })
  else if (reason.data === 'other' && text === '')
    errors.push({ field: 'text', key: 'account.returns.errors.textRequired' })
  if (reason.data === 'damaged' && !hasPhoto)
    errors.push({ field: 'photo', key: 'account.returns.errors.photoRequired' })
  if (errors.length > 0 || !orderId.success || !variant.success || !quantity.success || !reason.success)
    return { ok: false, errors }
  return {
    ok: true,
    request: {
      orderId: orderId.data,
      productVariantId: variant.data,
      quantity: quantity.data,
      reason: reason.data,
      text,
    },
  }
}

/** A return report as its owner sees it (`GET /api/account/returns`). */
export const ReturnReportSchema = z.object({
  returnId: IdSchema,
  orderId: OrderIdSchema,
  orderNumber: z.number().int().positive(),
  productVariantId: IdSchema,
  /** The product's name and package as ordered. */
  description: z.string(),
  productLabel: z.string(),
  quantity: z.number().int().positive(),
  reason: ReturnReasonSchema,
  text: z.string(),
  /** `GET /api/account/returns/{returnId}/photo`, or null without a photo. */
  photoUrl: z.string().nullable(),
  status: ReturnStatusSchema,
  created: z.iso.datetime({ offset: true }),
})
export type ReturnReport = z.infer<typeof ReturnReportSchema>
export const ReturnReportsSchema = z.array(ReturnReportSchema)

/** A line of a paid order that may still be reported (`GET /api/account/returns/returnable`). */
export const ReturnableLineSchema = z.object({
  orderId: OrderIdSchema,
  orderNumber: z.number().int().positive(),
  orderDate: z.iso.datetime({ offset: true }),
  productId: IdSchema,
  productVariantId: IdSchema,
  description: z.string(),
  productLabel: z.string(),
  /** Pieces delivered (free ones included) less those already reported. */
  quantity: z.number().int().positive(),
  /** The last moment a return of this order may be reported. */
  returnableUntil: z.iso.datetime({ offset: true }),
})
export type ReturnableLine = z.infer<typeof ReturnableLineSchema>
export const ReturnableLinesSchema = z.array(ReturnableLineSchema)

export const ReturnParamsSchema = z.object({ returnId: z.coerce.number<string>().int().positive().max(2_147_483_647) })

/** A report as customer service sees it (`GET /api/backoffice/returns`): whose it is, and the photo's back-office address. */
export const BackofficeReturnSchema = ReturnReportSchema.extend({
  siteId: IdSchema,
  accountId: IdSchema,
  emailAddress: z.string(),
})
export const BackofficeReturnsSchema = z.array(BackofficeReturnSchema)
export const BackofficeReturnsQuerySchema = z.object({
  status: ReturnStatusSchema.optional(),
  limit: z.coerce.number<string>().int().min(1).max(500).default(100),
})
export const ReturnStatusUpdateSchema = z.object({ status: ReturnStatusSchema })
