// What the return tests share: a test app with its uploads in a temporary folder, accounts inserted as rows and
// signed in through a session made with the session service (its signed cookie, as the browser holds it), paid
// orders of an account inserted with their lines and invoice, and the form sent as real multipart/form-data.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'
import { HOSTS, useTestApp } from '../../../tests/helpers/app.ts'
import type { Dialect } from '../db/database.ts'
import { SessionService } from '../sessions/session.service.ts'
import { ReturnPhotos } from './return-photos.ts'

export const TOKEN = 'back-office-test-token-0123456789abcdefghij'
const DAY = 86_400_000

/** A real 1×1 JPEG. */
export const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////' +
    '2wBDAf//////////////////////////////////////////////////////////////////////////////////////wAARCAABAAEDASIAAhEBAxEB/8QA' +
    'FQABAQAAAAAAAAAAAAAAAAAAAAP/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAAP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAM' +
    'AwEAAhEDEQA/AKAAH//Z',
  'base64',
)
/** The first bytes of a PDF, whatever it is called. */
export const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n')

export function useReturns(dialect: Dialect) {
  const uploadDir = mkdtempSync(join(tmpdir(), 'shop-returns-'))
  afterAll(() => rmSync(uploadDir, { recursive: true, force: true }))
  const { current } = useTestApp(dialect, { env: { UPLOAD_DIR: uploadDir, BACKOFFICE_TOKEN: TOKEN } })
  const db = () => current().database.handle.db
  const app = () => current().app
  const site = (host: string = HOSTS.nl) => app().context.sites.byDomain(host)!
  const photos = new ReturnPhotos(uploadDir)

  /** An activated account on the site of `host`, signed in: its id and the cookie that carries its session. */
  async function signedIn(email = `${randomUUID()}@example.nl`, host: string = HOSTS.nl) {
    const now = new Date().toISOString()
    const { id: siteId, languages } = site(host)
    const account = await db()
      .insertInto('accounts')
      .values({
        siteId,
        languageId: languages[0]!.languageId,
        emailAddress: email,
        emailKey: email.toLowerCase(),
        passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHQ$aGFzaA',
        firstName: 'Anna',
        lastName: 'de Vries',
        phoneNumber: '+31612345678',
        billing: JSON.stringify({
          zipcode: '1234 AB',
          street: 'Hoefijzerlaan',
          streetNumber: '12',
          streetNumberAddition: '',
          city: 'Paardendorp',
          countryId: 1,
        }),
        alternativeShippingAddress: false,
        newsletter: false,
        activatedAt: now,
        passwordChangedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const session = await new SessionService(db()).create(siteId, {}, account.id)
    return { accountId: account.id, email, cookie: `sid=${app().signCookie(session.id)}` }
  }

  /** Two sellable variants of ordinary products (not scan products), for order lines. */
  async function variants(): Promise<{ id: number; productId: number }[]> {
    return db()
      .selectFrom('productVariants as v')
      .innerJoin('products as p', 'p.id', 'v.productId')
      .select(['v.id', 'v.productId'])
      .where('p.productType', 'not in', [4, 5])
      .orderBy('v.id')
      .limit(2)
      .execute()
  }

  const numbers = { last: 1000 }
  /** An order of the account, with its lines; paid `paidDaysAgo` days ago (an invoice), unless it is unpaid. */
  async function order(
    accountId: number | null,
    lines: { variantId: number; productId: number; quantity: number; productType?: number }[],
    { status = 'sent' as const as string, paidDaysAgo = 2 as number | null, host = HOSTS.nl as string } = {},
  ): Promise<{ orderId: string; number: number }> {
    const id = randomUUID()
    const { id: siteId, languages } = site(host)
    const at = new Date(Date.now() - (paidDaysAgo ?? 0) * DAY - 3_600_000).toISOString()
    const address = JSON.stringify({
      zipcode: '1234 AB',
      street: 'Hoefijzerlaan',
      streetNumber: '12',
      streetNumberAddition: '',
      city: 'Paardendorp',
      countryId: 1,
    })
    numbers.last += 1
    const number = numbers.last
    await db()
      .insertInto('orders')
      .values({
        id,
        siteId,
        languageId: languages[0]!.languageId,
        number,
        keyHash: randomUUID(),
        status: status as 'sent',
        statusSource: 'test',
        cartId: randomUUID(),
        emailAddress: 'anna@example.nl',
        firstName: 'Anna',
        lastName: 'de Vries',
        phoneNumber: '+31612345678',
        billingAddress: address,
        shippingAddress: address,
        company: null,
        shippingMethod: 0,
        dpdParcelShopId: null,
        paymentMethodId: null,
        paymentIssuer: null,
        giftCardNumber: null,
        currency: 'EUR',
        totalAmount: 5000,
        totals: '{}',
        createdAt: at,
        updatedAt: at,
        expiresAt: null,
        accountId,
      })
      .execute()
    await db()
      .insertInto('orderLines')
      .values(
        lines.map((line, i) => ({
          orderId: id,
          position: i + 1,
          productId: line.productId,
          productVariantId: line.variantId,
          productType: line.productType ?? 2,
          description: `Product ${line.variantId}`,
          productLabel: 'Zak · 20 kg',
          quantity: line.quantity,
          freeQuantity: 0,
          unitAmount: 2500,
          vatRatePercentage: 9,
          totalAmount: 2500 * line.quantity,
        })),
      )
      .execute()
    if (paidDaysAgo !== null) {
      const paidAt = new Date(Date.now() - paidDaysAgo * DAY).toISOString()
      await db()
        .insertInto('invoices')
        .values({
          orderId: id,
          siteId,
          year: 2026,
          number,
          invoiceNumber: `F2026-${number}`,
          issuedAt: paidAt,
          content: '{}',
        })
        .execute()
    }
    return { orderId: id, number }
  }

  /** Sends the form as multipart/form-data, as a browser's FormData. */
  async function report(
    cookie: string | undefined,
    fields: Record<string, string>,
    photo?: { bytes: Buffer; name?: string; type?: string },
    host: string = HOSTS.nl,
  ) {
    const form = new FormData()
    for (const [name, value] of Object.entries(fields)) form.append(name, value)
    if (photo)
      form.append(
        'photo',
        new Blob([new Uint8Array(photo.bytes)], { type: photo.type ?? 'image/jpeg' }),
        photo.name ?? 'photo.jpg',
      )
    const encoded = new Request('http://localhost/', { method: 'POST', body: form })
    return app().inject({
      method: 'POST',
      url: '/api/account/returns',
      headers: {
        host,
        'content-type': encoded.headers.get('content-type')!,
        ...(cookie && { cookie }),
      },
      payload: Buffer.from(await encoded.arrayBuffer()),
    })
  }

  const get = (url: string, cookie?: string, host: string = HOSTS.nl) =>
    app().inject({ method: 'GET', url, headers: { host, ...(cookie && { cookie }) } })

  return { current, app, db, site, photos, signedIn, variants, order, report, get, uploadDir }
}
