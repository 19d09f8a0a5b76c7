// The one place the payment provider is chosen, from PAYMENT_PROVIDER.
import type { Config } from '../config.ts'
import type { Db } from '../db/database.ts'
import type { JobQueue } from '../jobs/job-queue.ts'
import { MolliePaymentProvider } from './mollie-provider.ts'
import type { PaymentProvider } from './payment-provider.ts'
import { TestPaymentProvider } from './test-provider.ts'

export function createPaymentProvider(
  config: Config,
  { db, jobs, publicUrl }: { db: Db; jobs: JobQueue; publicUrl: URL },
): PaymentProvider {
  if (config.PAYMENT_PROVIDER === 'mollie') {
    // The configuration refuses mollie without a key; checked again for the type.
    if (!config.MOLLIE_API_KEY) throw new Error('MOLLIE_API_KEY is required with PAYMENT_PROVIDER=mollie')
    return new MolliePaymentProvider({ apiKey: config.MOLLIE_API_KEY, apiEndpoint: config.MOLLIE_API_URL })
  }
  return new TestPaymentProvider({ db, jobs, publicUrl, sessionSecret: config.SESSION_SECRET })
}
