import type { Migration, MigrationProvider } from 'kysely/migration'
import * as platform from './0001_platform.ts'
import * as conversions from './0002_conversions.ts'
import * as catalogue from './0003_catalogue.ts'
import * as cart from './0004_cart.ts'
import * as jobs from './0005_jobs.ts'
import * as backoffice from './0006_backoffice.ts'
import * as mail from './0007_mail.ts'
import * as sessions from './0008_sessions.ts'
import * as payments from './0009_payments.ts'
import * as addresses from './0010_addresses.ts'
import * as orders from './0011_orders.ts'
import * as paymentSelection from './0012_payment_selection.ts'
import * as invoices from './0013_invoices.ts'
import * as paymentRefunds from './0014_payment_refunds.ts'
import * as accounts from './0015_accounts.ts'
import * as returns from './0018_returns.ts'
import * as reviewsAndScans from './0019_reviews_and_scans.ts'
import * as newsletter from './0020_newsletter.ts'
import * as seller from './0021_seller.ts'
import * as feedingGuides from './0022_feeding_guides.ts'
import * as articles from './0023_articles.ts'
import * as dealers from './0024_dealers.ts'
import * as stockReminders from './0025_stock_reminders.ts'

/** Every migration, in order. Names sort; never rename or edit one that has shipped, add a new one. */
const MIGRATIONS: Record<string, Migration> = {
  '0001_platform': platform,
  '0002_conversions': conversions,
  '0003_catalogue': catalogue,
  '0004_cart': cart,
  '0005_jobs': jobs,
  '0006_backoffice': backoffice,
  '0007_mail': mail,
  '0008_sessions': sessions,
  '0009_payments': payments,
  '0010_addresses': addresses,
  '0011_orders': orders,
  '0012_payment_selection': paymentSelection,
  '0013_invoices': invoices,
  '0014_payment_refunds': paymentRefunds,
  '0015_accounts': accounts,
  '0018_returns': returns,
  '0019_reviews_and_scans': reviewsAndScans,
  '0020_newsletter': newsletter,
  '0021_seller': seller,
  '0022_feeding_guides': feedingGuides,
  '0023_articles': articles,
  '0024_dealers': dealers,
  '0025_stock_reminders': stockReminders,
}

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
}
