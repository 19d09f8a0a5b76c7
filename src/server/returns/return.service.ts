// Return reports' rules: who may report what (an account, about a delivered product of one of its own paid orders on
// this site, within RETURN_PERIOD_DAYS of the payment, no more pieces than were delivered and not reported yet), the
// report and its confirmation mail written in one transaction with the photo moved into place, and the reports and
// photos shown only to their owner. Knows nothing of HTTP: return.routes.ts reads the form.
import { AppError } from '../../domain/errors.ts'
import { fieldErrorParams, type FieldError } from '../../domain/field-errors.ts'
import type { LanguageCode } from '../../domain/language-codes.ts'
import {
  RETURN_PERIOD_DAYS,
  RETURNABLE_ORDER_STATUSES,
  checkReturnFields,
  type PhotoType,
  type ReturnableLine,
  type ReturnFieldError,
  type ReturnFormFields,
  type ReturnReport,
} from '../../domain/returns.ts'
import type { DatabaseHandle } from '../db/database.ts'
import type { RequestScope } from '../http/scope.ts'
import { translate } from '../i18n.ts'
import { mailLayout, renderMail } from '../mail/mail-templates.ts'
import type { MailService } from '../mail/mail.service.ts'
import { originFor } from '../sites/site.service.ts'
import type { IncomingPhoto, ReturnPhotos } from './return-photos.ts'
import { returnReceived } from './return-mail.ts'
import {
  findAccountEmail,
  findReturnableRows,
  findReturns,
  insertReturn,
  lockAccountOrder,
  type ReturnableRow,
  type StoredReturn,
} from './return.repository.ts'

const DAY_MS = 86_400_000

export interface ReturnServices {
  database: DatabaseHandle
  mail: Pick<MailService, 'queueMail'>
  photos: ReturnPhotos
  publicUrl: URL
  /** The server's clock: the return period is never measured by a request's `datetime` header. */
  now?: () => number
}

/** 400 `invalidFields`: each field's locale key in `params`, its text in the request's language in `issues`. */
export function invalidReturnFields(errors: readonly ReturnFieldError[], language: LanguageCode): AppError {
  const fieldErrors: FieldError[] = errors.map((e) => ({ path: e.field, key: e.key, params: e.params ?? {} }))
  return new AppError(
    'invalidFields',
    400,
    `These fields are not valid: ${errors.map((e) => e.field).join(', ')}.`,
    fieldErrorParams(fieldErrors),
    { issues: fieldErrors.map((e) => ({ path: e.path, message: translate(language, e.key, e.params) })) },
  )
}

export const photoUrl = (returnId: number) => `/api/account/returns/${returnId}/photo`

export function toReport(row: StoredReturn): ReturnReport {
  return {
    returnId: row.id,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    productVariantId: row.productVariantId,
    description: row.description,
    productLabel: row.productLabel,
    quantity: row.quantity,
    reason: row.reason,
    text: row.text,
    photoUrl: row.photoFile === null ? null : photoUrl(row.id),
    status: row.status,
    created: row.createdAt,
  }
}

const periodEnd = (paidAt: string) => new Date(Date.parse(paidAt) + RETURN_PERIOD_DAYS * DAY_MS)

function toLine(row: ReturnableRow): ReturnableLine | undefined {
  const quantity = row.delivered - row.reported
  if (quantity <= 0) return undefined
  return {
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    orderDate: row.orderDate,
    productId: row.productId,
    productVariantId: row.productVariantId,
    description: row.description,
    productLabel: row.productLabel,
    quantity,
    returnableUntil: periodEnd(row.paidAt).toISOString(),
  }
}

export interface ReturnPhoto {
  path: string
  contentType: string
  size: number
  fileName: string
}

export class ReturnService {
  readonly #services: ReturnServices
  readonly #now: () => number

  constructor(services: ReturnServices) {
    this.#services = services
    this.#now = services.now ?? Date.now
  }

  /** The lines of the account's orders on this site that may still be reported, newest order first. */
  async returnable(scope: RequestScope, accountId: number): Promise<ReturnableLine[]> {
    const paidSince = new Date(this.#now() - RETURN_PERIOD_DAYS * DAY_MS).toISOString()
    const rows = await findReturnableRows(this.#services.database.db, {
      accountId,
      siteId: scope.site.id,
      paidSince,
    })
    return rows.flatMap((row) => toLine(row) ?? [])
  }

  /** The account's reports on this site, newest first. */
  async list(scope: RequestScope, accountId: number): Promise<ReturnReport[]> {
    const rows = await findReturns(this.#services.database.db, { accountId, siteId: scope.site.id })
    return rows.map(toReport)
  }

  /**
   * Records a report. `photo` is the received upload (or null); it is moved into place in the report's transaction,
   * or removed whatever goes wrong, so a refused or failed report leaves no file and no row.
   */
  async report(
    scope: RequestScope,
    accountId: number,
    fields: ReturnFormFields,
    photo: IncomingPhoto | null,
  ): Promise<ReturnReport> {
    const { photos } = this.#services
    let kept: string | null = null
    try {
      const language = scope.language.code
      const photoErrors: ReturnFieldError[] = []
      if (photo?.truncated)
        photoErrors.push({ field: 'photo', key: 'account.returns.errors.photoTooLarge', params: { max: '8' } })
      else if (photo && photo.type === null)
        photoErrors.push({ field: 'photo', key: 'account.returns.errors.photoType' })
      const checked = checkReturnFields(fields, photo !== null)
      // A refused photo says why; "a photo is required" would add nothing.
      const errors = checked.ok ? [] : checked.errors.filter((e) => e.field !== 'photo' || photoErrors.length === 0)
      if (errors.length > 0 || photoErrors.length > 0 || !checked.ok)
        throw invalidReturnFields([...errors, ...photoErrors], language)
      const request = checked.request
      const goodPhoto = photo as (IncomingPhoto & { type: PhotoType }) | null

      const { database, mail, publicUrl } = this.#services
      const site = scope.site
      const at = new Date(this.#now())
      const origin = originFor(site, publicUrl.hostname, publicUrl)
      const layout = mailLayout(site, language, origin)
      const prefix = scope.language.pathPrefix ? `/${scope.language.pathPrefix}` : ''
      const returnId = await database.db.transaction().execute(async (trx) => {
        const order = await lockAccountOrder(trx, database.dialect, {
          accountId,
          siteId: site.id,
          orderId: request.orderId,
        })
        if (!order) throw new AppError('orderNotFound', 404, `There is no order ${request.orderId} of this account.`)
        if (!(RETURNABLE_ORDER_STATUSES as readonly string[]).includes(order.status) || order.paidAt === null)
          throw invalidReturnFields([{ field: 'orderId', key: 'account.returns.errors.orderNotReturnable' }], language)
        if (periodEnd(order.paidAt).getTime() < at.getTime())
          throw invalidReturnFields(
            [
              {
                field: 'orderId',
                key: 'account.returns.errors.periodOver',
                params: { days: String(RETURN_PERIOD_DAYS) },
              },
            ],
            language,
          )
        const [row] = await findReturnableRows(trx, {
          accountId,
          siteId: site.id,
          paidSince: order.paidAt,
          orderId: request.orderId,
        }).then((rows) => rows.filter((r) => r.productVariantId === request.productVariantId))
        if (!row)
          throw invalidReturnFields(
            [{ field: 'productVariantId', key: 'account.returns.errors.productNotOnOrder' }],
            language,
          )
        const left = row.delivered - row.reported
        if (left <= 0)
          throw invalidReturnFields(
            [{ field: 'productVariantId', key: 'account.returns.errors.alreadyReported' }],
            language,
          )
        if (request.quantity > left)
          throw invalidReturnFields(
            [{ field: 'quantity', key: 'account.returns.errors.quantityMax', params: { max: String(left) } }],
            language,
          )

        const photoFile = goodPhoto ? await photos.keep(goodPhoto) : null
        kept = photoFile
        const id = await insertReturn(trx, {
          siteId: site.id,
          accountId,
          orderId: request.orderId,
          productVariantId: request.productVariantId,
          quantity: request.quantity,
          reason: request.reason,
          text: request.text,
          photo: goodPhoto && photoFile ? { file: photoFile, contentType: goodPhoto.type, size: goodPhoto.size } : null,
          at: at.toISOString(),
        })
        const to = await findAccountEmail(trx, accountId)
        const rendered = await renderMail(
          layout,
          returnReceived(layout, {
            returnId: id,
            orderNumber: order.number,
            product: [row.description, row.productLabel].filter(Boolean).join(' – '),
            quantity: request.quantity,
            reason: request.reason,
            text: request.text,
            hasPhoto: photoFile !== null,
            link: `${origin}${prefix}/account/returns/`,
          }),
        )
        await mail.queueMail(
          trx,
          { dedupeKey: `return:${id}:received`, kind: 'return-received', site, language, to, rendered },
          at,
        )
        return id
      })
      kept = null
      const [stored] = await findReturns(database.db, { id: returnId })
      return toReport(stored!)
    } finally {
      // Whatever did not become a committed report's photo goes.
      if (photo) await photos.discard({ path: photo.path })
      if (kept !== null) await photos.discard({ name: kept })
    }
  }

  /** A report's photo for its owner (`owner`), or for the back office (no owner); undefined for anyone else. */
  async photo(returnId: number, owner?: { accountId: number; siteId: number }): Promise<ReturnPhoto | undefined> {
    const [row] = await findReturns(this.#services.database.db, { id: returnId })
    if (!row || row.photoFile === null || row.photoContentType === null) return undefined
    if (owner && (row.accountId !== owner.accountId || row.siteId !== owner.siteId)) return undefined
    const extension = row.photoFile.slice(row.photoFile.lastIndexOf('.'))
    return {
      path: this.#services.photos.pathOf(row.photoFile),
      contentType: row.photoContentType,
      size: row.photoSize ?? 0,
      fileName: `return-${row.id}${extension}`,
    }
  }
}
