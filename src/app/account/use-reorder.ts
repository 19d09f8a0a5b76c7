// The reorder button's work (reorder.ts decides): find the order's products in the device's catalogue (a whole copy
// of the site's, so a product it lacks is not sold here any more); without a copy, ask the server while there is a
// network; then queue the additions in the cart's outbox, which sends them now or when the network is back.
import { useCallback } from 'react'
import { EMPTY_CART_CONTENTS } from '../../domain/cart-mutations.ts'
import type { OrderLine } from '../../domain/orders.ts'
import type { CatalogueProduct } from '../../domain/product.ts'
import type { ShopScope } from '../../domain/scope.ts'
import { ApiRequestError } from '../../browser/transport.ts'
import type { ShopApi } from '../api/shop-api.ts'
import { useCart } from '../cart/cart-state.ts'
import { useRootData } from '../root/use-root-data.ts'
import { useServices } from '../services.tsx'
import { planReorder, type KnownProduct, type ReorderPlan } from './reorder.ts'
import { inSteps } from '../data/in-steps.ts'

const catalogueStore = inSteps(() => import('../data/catalogue-store.ts'))

/** What is known of each variant's product, by variant id. */
export async function knownProducts(
  variantIds: readonly number[],
  scope: ShopScope,
  api: Pick<ShopApi, 'productByVariant'>,
  online: boolean,
): Promise<Map<number, KnownProduct>> {
  const { readCatalogue } = await catalogueStore()
  const catalogue = await readCatalogue(scope).catch(() => null)
  const known = new Map<number, KnownProduct>()
  const byVariant = new Map<number, CatalogueProduct>()
  for (const product of catalogue?.products ?? [])
    for (const variant of product.variants) byVariant.set(variant.productVariantId, product)
  for (const id of new Set(variantIds)) {
    if (catalogue) known.set(id, byVariant.get(id) ?? 'notSold')
    else if (!online) known.set(id, 'unknown')
    else
      known.set(
        id,
        await api.productByVariant(id).catch((error: unknown) =>
          // Not sold here is a 404; no answer at all leaves it to the server when the change is sent.
          error instanceof ApiRequestError && error.status === 404 ? ('notSold' as const) : ('unknown' as const),
        ),
      )
  }
  return known
}

/** Puts an order's lines back in the cart; answers what went, what did not and why. */
export function useReorder(): (lines: readonly OrderLine[]) => Promise<ReorderPlan> {
  const { view, change } = useCart()
  const { site, language } = useRootData()
  const { api } = useServices()
  const contents = view?.contents ?? EMPTY_CART_CONTENTS

  return useCallback(
    async (lines) => {
      const scope = { siteId: site.siteId, languageId: language.languageId, language: language.code }
      const known = await knownProducts(
        lines.map((line) => line.productVariantId),
        scope,
        api,
        navigator.onLine,
      )
      const plan = planReorder(lines, (id) => known.get(id) ?? 'unknown', contents)
      for (const mutation of plan.add) await change(mutation)
      return plan
    },
    [api, change, contents, site.siteId, language.languageId, language.code],
  )
}
