// The account's return reports: `POST /api/account/returns` (multipart/form-data: the form's fields and an optional
// photo), `GET /api/account/returns` (the account's reports), `GET /api/account/returns/returnable` (what may still be
// reported) and `GET /api/account/returns/{returnId}/photo` (a report's photo, to its owner only). Every call needs a
// signed-in account (401 `notSignedIn`) and is never cached. @fastify/multipart is registered in this plugin only:
// every other route still refuses multipart bodies.
import fastifyMultipart from '@fastify/multipart'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { readFile } from 'node:fs/promises'
import { z } from 'zod'
import { AppError, NotFoundError } from '../../domain/errors.ts'
import {
  PHOTO_MAX_BYTES,
  PHOTO_TYPES,
  ReturnableLinesSchema,
  ReturnFormFieldsSchema,
  ReturnParamsSchema,
  ReturnReportSchema,
  ReturnReportsSchema,
} from '../../domain/returns.ts'
import { signedInAccount } from '../accounts/account.routes.ts'
import type { AppContext, ZodApp } from '../context.ts'
import { scopeOf } from '../http/scope.ts'
import { ReturnPhotos, type IncomingPhoto } from './return-photos.ts'
import { ReturnService } from './return.service.ts'

/** Room for the form's text fields and the multipart framing around the photo. */
const FORM_OVERHEAD_BYTES = 64 * 1024
const FIELD_NAMES = new Set(Object.keys(ReturnFormFieldsSchema.shape))

const SIGNED_IN_REFUSAL = { 401: 'Not signed in (code notSignedIn).' }

/** The form's fields and its photo, written to a temporary file as it arrives. */
async function readForm(
  request: FastifyRequest,
  photos: ReturnPhotos,
): Promise<{ fields: Record<string, string>; photo: IncomingPhoto | null }> {
  const fields: Record<string, string> = {}
  let photo: IncomingPhoto | null = null
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'photo' || photo !== null) {
          part.file.resume()
          continue
        }
        photo = await photos.receive(part.file)
        // A file input left empty is sent as a part without bytes: no photo.
        if (photo.size === 0 && !photo.truncated) {
          await photos.discard(photo)
          photo = null
        }
      } else if (FIELD_NAMES.has(part.fieldname) && typeof part.value === 'string') {
        fields[part.fieldname] = part.value
      }
    }
  } catch (error) {
    if (photo) await photos.discard(photo)
    throw error
  }
  return { fields, photo }
}

/** Answers a photo's bytes as an image of its checked type, shown in the page, never sniffed as anything else. */
export async function sendPhoto(reply: FastifyReply, photo: { path: string; contentType: string; fileName: string }) {
  return reply
    .type(photo.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `inline; filename="${photo.fileName}"`)
    .send(await readFile(photo.path))
}

const PHOTO_ANSWER = z
  .string()
  .meta({ description: `The photo (${PHOTO_TYPES.join(', ')}), inline.`, format: 'binary' })

export async function returnRoutes(app: ZodApp, { database, mail, publicUrl, config, jobs }: AppContext) {
  const photos = new ReturnPhotos(config.UPLOAD_DIR)
  const returns = new ReturnService({ database, mail, photos, publicUrl })
  jobs.repeat('returns.clean-up', 60 * 60 * 1000, async (_payload, { now }) => {
    await photos.removeStale(now.getTime())
  })
  await app.register(fastifyMultipart, {
    // Over the limit the photo is cut and the report refused with a field error (not a bare 413).
    throwFileSizeLimit: false,
    limits: { fileSize: PHOTO_MAX_BYTES, files: 2, fields: 10, fieldSize: 16 * 1024, parts: 12, headerPairs: 100 },
  })

  app.post(
    '/api/account/returns',
    {
      config: {
        cache: 'none',
        refusals: {
          ...SIGNED_IN_REFUSAL,
          400:
            'Refused fields (code invalidFields): `params` names each field (orderId, productVariantId, quantity, ' +
            'reason, text, photo) with its locale key under `account.returns.errors` (photoType: not a JPEG, PNG or ' +
            'WebP by its bytes; photoTooLarge: over 8 MB; photoRequired: the reason is damage; periodOver, ' +
            'orderNotReturnable, productNotOnOrder, alreadyReported, quantityMax with `quantity:max`).',
          404: 'Not an order of this account on this site (code orderNotFound).',
          413: 'The request is far larger than a photo may be (code bodyTooLarge).',
          415: 'Not multipart/form-data (code unsupportedMediaType).',
        },
      },
      schema: {
        summary: 'Reports a return: a product of a paid order, a reason, a text and a photo',
        description:
          'multipart/form-data with the fields `orderId`, `productVariantId`, `quantity`, `reason` (damaged, ' +
          'wrongProduct, notAsExpected, other), `text` (required with other; at most 2,000 characters) and the file ' +
          '`photo` (JPEG, PNG or WebP, at most 8 MB; required with damaged). Within 30 days of the payment, for ' +
          'pieces delivered and not reported yet. Answers the report; a confirmation mail is queued with it.',
        consumes: ['multipart/form-data'],
        response: { 200: ReturnReportSchema },
      },
    },
    async (request) => {
      const accountId = await signedInAccount(request)
      const length = Number(request.headers['content-length'] ?? 0)
      if (length > PHOTO_MAX_BYTES + FORM_OVERHEAD_BYTES)
        throw new AppError('bodyTooLarge', 413, 'The form is larger than a photo may be.')
      if (!request.isMultipart())
        throw new AppError('unsupportedMediaType', 415, 'The form is sent as multipart/form-data.')
      const { fields, photo } = await readForm(request, photos)
      return returns.report(scopeOf(request), accountId, ReturnFormFieldsSchema.parse(fields), photo)
    },
  )

  app.get(
    '/api/account/returns',
    {
      config: { cache: 'none', refusals: SIGNED_IN_REFUSAL },
      schema: {
        summary: "The account's return reports on this site, newest first",
        response: { 200: ReturnReportsSchema },
      },
    },
    async (request) => returns.list(scopeOf(request), await signedInAccount(request)),
  )

  app.get(
    '/api/account/returns/returnable',
    {
      config: { cache: 'none', refusals: SIGNED_IN_REFUSAL },
      schema: {
        summary: "The lines of the account's paid orders that may still be reported",
        description: 'Within 30 days of the payment, scan products left out, with the pieces not reported yet.',
        response: { 200: ReturnableLinesSchema },
      },
    },
    async (request) => returns.returnable(scopeOf(request), await signedInAccount(request)),
  )

  app.get(
    '/api/account/returns/:returnId/photo',
    {
      config: {
        cache: 'none',
        refusals: { ...SIGNED_IN_REFUSAL, 404: 'No photo of a report of this account (code notFound).' },
      },
      schema: {
        summary: "A return report's photo, to its owner",
        params: ReturnParamsSchema,
        produces: [...PHOTO_TYPES],
        response: { 200: PHOTO_ANSWER },
      },
    },
    async (request, typedReply) => {
      const accountId = await signedInAccount(request)
      const scope = scopeOf(request)
      const photo = await returns.photo(request.params.returnId, { accountId, siteId: scope.site.id })
      if (!photo) throw new NotFoundError('The photo')
      return sendPhoto(typedReply as unknown as FastifyReply, photo)
    },
  )
}
