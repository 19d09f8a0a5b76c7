// Kysely's view of the tables (camelCase; the CamelCasePlugin maps to snake_case columns), one file per area in
// tables/; how JSON and boolean columns are stored is said in tables/columns.ts.
import type { AccountTables } from './tables/accounts.ts'
import type { AddressTables } from './tables/addresses.ts'
import type { BackofficeTables } from './tables/backoffice.ts'
import type { CartTables } from './tables/cart.ts'
import type { CatalogueTables } from './tables/catalogue.ts'
import type { ContentTables } from './tables/content.ts'
import type { GiftCardTables } from './tables/gift-cards.ts'
import type { InvoiceTables } from './tables/invoices.ts'
import type { JobTables } from './tables/jobs.ts'
import type { MailTables } from './tables/mail.ts'
import type { NewsletterTables } from './tables/newsletter.ts'
import type { PaymentTables } from './tables/payments.ts'
import type { OrderTables } from './tables/orders.ts'
import type { PlatformTables } from './tables/platform.ts'
import type { ReturnTables } from './tables/returns.ts'
import type { ReviewScanTables } from './tables/reviews-and-scans.ts'
import type { ArticleTables } from './tables/articles.ts'
import type { DealerTables } from './tables/dealers.ts'
import type { SessionTables } from './tables/sessions.ts'

export interface Database
  extends
    PlatformTables,
    ContentTables,
    CatalogueTables,
    CartTables,
    JobTables,
    BackofficeTables,
    MailTables,
    SessionTables,
    PaymentTables,
    AddressTables,
    OrderTables,
    GiftCardTables,
    InvoiceTables,
    AccountTables,
    NewsletterTables,
    ReturnTables,
    ReviewScanTables,
    ArticleTables,
    DealerTables {}
