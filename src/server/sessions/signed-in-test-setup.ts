// For route tests of the account's own calls before the sign-in calls exist: an activated account row on a site and
// a signed-in session for it, as the cookie a browser would send.
import { EMPTY_ADDRESS } from '../../domain/address.ts'
import type { TestApp } from '../../../tests/helpers/app.ts'
import { SessionService } from './session.service.ts'

let counter = 0

export async function signedInAccount(
  testApp: TestApp,
  { host = 'equivera-nl.localhost', firstName = 'Anna', lastName = 'de Vries' } = {},
): Promise<{ accountId: number; cookie: string; emailAddress: string; siteId: number }> {
  const { app, database } = testApp
  const site = app.context.sites.byDomain(host)!
  const emailAddress = `rider${++counter}-${Date.now()}@example.nl`
  const at = new Date().toISOString()
  const row = await database.handle.db
    .insertInto('accounts')
    .values({
      siteId: site.id,
      languageId: site.languages[0]!.languageId,
      emailAddress,
      emailKey: emailAddress,
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$not-a-real-hash',
      firstName,
      lastName,
      phoneNumber: '',
      billing: JSON.stringify(EMPTY_ADDRESS),
      shipping: null,
      company: null,
      alternativeShippingAddress: false,
      newsletter: false,
      activatedAt: at,
      passwordChangedAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const accountId = Number(row.id)
  const session = await new SessionService(database.handle.db).create(site.id, {}, accountId)
  return { accountId, cookie: `sid=${app.signCookie(session.id)}`, emailAddress, siteId: site.id }
}
