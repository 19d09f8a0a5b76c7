import { useCartSync } from '../cart/cart-state.ts'
import { useCatalogueSync } from '../catalogue/catalogue-sync.ts'
import { useCompareSync } from '../catalogue/compare.ts'
import { useReminderSync } from '../catalogue/reminder-sync.ts'
import type { RootData } from '../root/root.data.ts'

/**
 * Keeps what a shop holds on the device in step with the server on every page: the comparison list, the offline
 * catalogue, the cart with its queued changes, and back-in-stock requests made offline. Not on the corporate site,
 * which sells nothing.
 */
export function DeviceSync({ data, shop }: { data: RootData; shop: boolean }) {
  useCompareSync(data.site.siteId, shop)
  useCatalogueSync(data, shop)
  useCartSync(data, shop)
  useReminderSync(shop && data.site.enableStockReminderFeature)
  return null
}
