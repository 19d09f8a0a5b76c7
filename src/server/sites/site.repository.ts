import { LinkSchema, OpeningHoursSchema, SocialMediaSchema } from '../../domain/site.ts'
import type { Db } from '../db/database.ts'
import { jsonColumn } from '../db/json-column.ts'

// Reads every site with what hangs off it in a handful of queries: there are few sites and they change rarely,
// so the site directory keeps them all in memory (see site.directory.ts). JSON columns leave here parsed.

const socialMedia = jsonColumn('sites', 'socialMedia', SocialMediaSchema)
const openingHours = jsonColumn('siteTexts', 'openingHours', OpeningHoursSchema)
const link = (column: string) => jsonColumn('siteTexts', column, LinkSchema)
const customerServiceLink = link('customerServiceLink')
const customerServicePhoneLink = link('customerServicePhoneLink')
const becomeDealerLink = link('becomeDealerLink')
const currencyConversionDisclaimerLink = link('currencyConversionDisclaimerLink')
const rqsContentPage = link('rqsContentPage')

export async function loadSiteRows(db: Db) {
  const [sites, domains, languages, texts, paymentMethods, pages, navigations, usps, footers, notifications] =
    await Promise.all([
      db.selectFrom('sites').selectAll().orderBy('id').execute(),
      db.selectFrom('siteDomains').selectAll().orderBy('siteId').orderBy('domain').execute(),
      db
        .selectFrom('siteLanguages as sl')
        .innerJoin('languages as l', 'l.id', 'sl.languageId')
        .select([
          'sl.siteId',
          'sl.languageId',
          'sl.position',
          'sl.pathPrefix',
          'l.code',
          'l.culture',
          'l.localizedName',
        ])
        .orderBy('sl.siteId')
        .orderBy('sl.position')
        .execute(),
      db.selectFrom('siteTexts').selectAll().execute(),
      db
        .selectFrom('sitePaymentMethods as spm')
        .innerJoin('paymentMethods as pm', 'pm.id', 'spm.paymentMethodId')
        .select(['spm.siteId', 'spm.position', 'pm.id', 'pm.code', 'pm.name'])
        .orderBy('spm.siteId')
        .orderBy('spm.position')
        .execute(),
      db.selectFrom('contentPages').select(['id', 'siteId', 'key']).execute(),
      db.selectFrom('navigations').select(['id', 'siteId', 'kind']).execute(),
      db.selectFrom('uspCollections').select(['id', 'siteId', 'kind']).execute(),
      db.selectFrom('footers').select(['id', 'siteId']).execute(),
      db
        .selectFrom('notifications')
        .select(['id', 'siteId', 'startsAt', 'endsAt'])
        .orderBy('startsAt', 'desc')
        .execute(),
    ])
  return {
    sites: sites.map((site) => ({ ...site, socialMedia: socialMedia.parse(site.socialMedia) })),
    domains,
    languages,
    texts: texts.map((t) => ({
      ...t,
      customerServiceLink: customerServiceLink.parse(t.customerServiceLink),
      customerServicePhoneLink: customerServicePhoneLink.parse(t.customerServicePhoneLink),
      openingHours: openingHours.parse(t.openingHours),
      becomeDealerLink: becomeDealerLink.parseNullable(t.becomeDealerLink),
      currencyConversionDisclaimerLink: currencyConversionDisclaimerLink.parseNullable(
        t.currencyConversionDisclaimerLink,
      ),
      rqsContentPage: rqsContentPage.parseNullable(t.rqsContentPage),
    })),
    paymentMethods,
    pages,
    navigations,
    usps,
    footers,
    notifications,
  }
}

export type SiteRows = Awaited<ReturnType<typeof loadSiteRows>>
