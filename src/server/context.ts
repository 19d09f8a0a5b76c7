import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { AccountService } from './accounts/account.service.ts'
import type { AddressProvider } from './addresses/address-provider.ts'
import type { CaptchaService } from './captcha/captcha.ts'
import type { CartCalculator } from './cart/cart-calculator.ts'
import type { CartCheckout } from './cart/cart-checkout.ts'
import type { CartPayment } from './cart/cart-payment.ts'
import type { CartService } from './cart/cart.service.ts'
import type { PricingCache } from './cart/cart-pricing.ts'
import type { CatalogueCache } from './catalogue/catalogue-cache.ts'
import type { Config } from './config.ts'
import type { DatabaseHandle } from './db/database.ts'
import type { InvoiceService } from './invoices/invoice.service.ts'
import type { JobQueue } from './jobs/job-queue.ts'
import type { MailService } from './mail/mail.service.ts'
import type { NewsletterService } from './newsletter/newsletter.service.ts'
import type { PaymentService } from './payments/payments.service.ts'
import type { OrderService } from './orders/order.service.ts'
import type { OrderPayments } from './orders/order-payment.ts'
import type { OrderRefunds } from './orders/order-refund.ts'
import type { SiteDirectory } from './sites/site.directory.ts'
import type { VapidKeys } from './stock-reminders/push-sender.ts'
import type { StockReminderService } from './stock-reminders/stock-reminder.service.ts'

/** What every route module gets: the database, the site directory, the configuration, the catalogue, the carts and
 * the background jobs. */
export interface AppContext {
  database: DatabaseHandle
  sites: SiteDirectory
  config: Config
  publicUrl: URL
  /** Each site's catalogue per language, with its search index, kept current by the catalogue version. */
  catalogue: CatalogueCache
  /** Each site's prices around the cart (shipping, payment costs, promotions), kept for half a minute. */
  pricing: PricingCache
  carts: CartService
  /** The checkout details kept on a cart. */
  cartCheckout: CartCheckout
  cartCalculator: CartCalculator
  /** The payment step: methods with costs and issuers, the payment selection, gift cards. */
  cartPayment: CartPayment
  /** Background jobs: enqueue one (in the transaction of its cause), or register a handler. */
  jobs: JobQueue
  /** The mail outbox: queue a mail in the transaction of its cause; a job sends it (or keeps it without SMTP_URL). */
  mail: MailService
  /** Payments at the configured provider (PAYMENT_PROVIDER) and their webhooks. */
  payments: PaymentService
  /** Address suggestions and details for the checkout's address fields. */
  addresses: AddressProvider
  /** Placing carts as orders and moving orders through their statuses. */
  orders: OrderService
  /** Starting an order's payment and what its checkout is. */
  orderPayments: OrderPayments
  /** Pays back a payment its order could not follow (the `payments.refund` job). */
  orderRefunds: OrderRefunds
  /** Paid orders' invoices: issued when an order becomes paid, answered as PDF. */
  invoices: InvoiceService
  /** Newsletter subscriptions (double opt-in, unsubscribe, the account's opt-in) and sending newsletters. */
  newsletter: NewsletterService
  /** Accounts: registration, the mailed links, sign-in, the account's own data. */
  accounts: AccountService
  /** The ALTCHA captcha: challenges, and the check of a solution (single use). */
  captcha: CaptchaService
  /** Back-in-stock reminders by e-mail and push, and the jobs that send them on a restock. */
  stockReminders: StockReminderService
  /** The VAPID key pair push messages are signed with (configured, or made and stored on first use). */
  pushKey: () => Promise<VapidKeys>
}

export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>
