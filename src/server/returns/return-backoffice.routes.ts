// Customer service's view of return reports, on the back-office API (docs/backoffice.md): the reports by status with
// whose they are, their photos, and the status moved as customer service acts on them. The same bearer token and
// refusals as the rest of the back-office API; its calls belong to no site.
import type { FastifyReply } from 'fastify'
import { AppError, NotFoundError } from '../../domain/errors.ts'
import {
  BackofficeReturnSchema,
  BackofficeReturnsQuerySchema,
  BackofficeReturnsSchema,
  PHOTO_TYPES,
  ReturnParamsSchema,
  ReturnStatusUpdateSchema,
} from '../../domain/returns.ts'
import { BackofficeToken } from '../backoffice/backoffice-token.ts'
import type { AppContext, ZodApp } from '../context.ts'
import { header } from '../http/scope.ts'
import { ReturnPhotos } from './return-photos.ts'
import { sendPhoto } from './return.routes.ts'
import { findReturns, setReturnStatus, type StoredReturn } from './return.repository.ts'
import { ReturnService, toReport } from './return.service.ts'

const toBackoffice = (row: StoredReturn) => ({
  ...toReport(row),
  photoUrl: row.photoFile === null ? null : `/api/backoffice/returns/${row.id}/photo`,
  siteId: row.siteId,
  accountId: row.accountId,
  emailAddress: row.emailAddress,
})

export async function returnBackofficeRoutes(app: ZodApp, { config, database, mail, publicUrl }: AppContext) {
  const token = config.BACKOFFICE_TOKEN === undefined ? undefined : new BackofficeToken(config.BACKOFFICE_TOKEN)
  const returns = new ReturnService({ database, mail, photos: new ReturnPhotos(config.UPLOAD_DIR), publicUrl })

  app.addHook('onRequest', async (request, reply) => {
    if (!token) {
      throw new AppError('serviceUnavailable', 503, 'The back-office API is not configured (BACKOFFICE_TOKEN).')
    }
    if (!token.accepts(header(request, 'authorization'))) {
      reply.header('www-authenticate', 'Bearer')
      throw new AppError('unauthorized', 401, 'A valid back-office token is required.')
    }
  })
  const options = { scoped: false, cache: 'none', crossSite: 'allow' } as const

  app.get(
    '/api/backoffice/returns',
    {
      config: options,
      schema: {
        summary: 'Return reports for customer service, newest first, by status',
        querystring: BackofficeReturnsQuerySchema,
        response: { 200: BackofficeReturnsSchema },
      },
    },
    async (request) => (await findReturns(database.db, request.query)).map(toBackoffice),
  )

  app.get(
    '/api/backoffice/returns/:returnId/photo',
    {
      config: options,
      schema: {
        summary: "A return report's photo",
        params: ReturnParamsSchema,
        produces: [...PHOTO_TYPES],
      },
    },
    async (request, typedReply) => {
      const photo = await returns.photo(request.params.returnId)
      if (!photo) throw new NotFoundError('The photo')
      return sendPhoto(typedReply as unknown as FastifyReply, photo)
    },
  )

  app.put(
    '/api/backoffice/returns/:returnId/status',
    {
      config: options,
      schema: {
        summary: "Moves a return report's status (received, inProgress, resolved)",
        params: ReturnParamsSchema,
        body: ReturnStatusUpdateSchema,
        response: { 200: BackofficeReturnSchema },
      },
    },
    async (request) => {
      const { returnId } = request.params
      if (!(await setReturnStatus(database.db, returnId, request.body.status, new Date().toISOString())))
        throw new NotFoundError(`Return report ${returnId}`)
      const [row] = await findReturns(database.db, { id: returnId })
      return toBackoffice(row!)
    },
  )
}
