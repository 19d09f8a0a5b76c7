// The totals the cart shows: the server's calculation when the device has nothing waiting for it; else the
// same domain calculation the server runs, over the device's catalogue and the site's pricing rules, marked
// provisional until the server has answered. A discount code the server has not checked yet counts for nothing here.
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CartCalculation } from '../../domain/cart-calculation.ts'
import { calculateCart } from '../../domain/cart-pricing.ts'
import { calculationTexts } from '../../domain/cart-texts.ts'
import type { CatalogueProduct } from '../../domain/product.ts'
import { translateWith } from '../i18n/translate-with.ts'
import type { CartView } from '../../browser/cart-store.ts'
import { useRootData } from '../root/use-root-data.ts'
import { setShownCalculation } from './cart-state.ts'
import { inSteps } from '../data/in-steps.ts'

export interface CartTotals {
  calculation: CartCalculation | null
  /** Worked out on the device: the server will check it. */
  provisional: boolean
  /** The products of the cart's lines as the device knows them (for names, pictures and stock). */
  products: Map<number, CatalogueProduct>
  /** The code waits for the server's check. */
  codePending: boolean
}

const catalogueStore = inSteps(() => import('../data/catalogue-store.ts'))

/**
 * The device's catalogue products of these variants, by variant id: looked up by index, and looked up again whenever
 * those records change (another tab or the background sync may be the one that stores the catalogue).
 */
export function useLocalProducts(variantIds: readonly number[]): Map<number, CatalogueProduct> {
  const { site, language } = useRootData()
  const [products, setProducts] = useState(new Map<number, CatalogueProduct>())
  const key = variantIds.join(',')
  useEffect(() => {
    let stop: (() => void) | undefined
    let current = true
    const ids = key === '' ? [] : key.split(',').map(Number)
    const scope = { siteId: site.siteId, languageId: language.languageId, language: language.code }
    void catalogueStore().then(({ watchLocalProducts }) => {
      if (current) stop = watchLocalProducts(scope, ids, setProducts)
    })
    return () => {
      current = false
      stop?.()
    }
  }, [key, site.siteId, language.languageId, language.code])
  return products
}

export function useCartTotals(view: CartView | null): CartTotals {
  const { t } = useTranslation()
  const { currency, locale } = useRootData()
  // The lines' products, and those of waiting or refused changes (to name them).
  const variantIds = [
    ...new Set([
      ...(view?.contents.products.map((p) => p.productVariantId) ?? []),
      ...[...(view?.queued ?? []), ...(view?.refused ?? [])].flatMap((e) =>
        'productVariantId' in e.mutation ? [e.mutation.productVariantId] : [],
      ),
    ]),
  ]
  const products = useLocalProducts(variantIds)
  const texts = useMemo(
    () => calculationTexts(translateWith(t), locale.language, currency),
    [t, locale.language, currency],
  )
  const totals = useMemo((): CartTotals => {
    const empty = { calculation: null, provisional: false, products, codePending: false }
    if (!view) return empty
    const code = view.contents.discountCode
    const knownRule =
      view.calculation?.discountCode?.code === code ? (view.calculation?.discountCode?.rule ?? null) : null
    const codePending = code !== null && view.calculation?.discountCode?.code !== code
    // The server's own calculation while it is of what the shopper sees: nothing waiting, nothing taken since.
    if (view.queued.length === 0 && view.calculation && view.syncedAt)
      return { ...empty, calculation: view.calculation, codePending }
    if (!view.pricing) return { ...empty, provisional: true, codePending }
    const lines = view.contents.products.flatMap((item) => {
      const product = products.get(item.productVariantId)
      return product ? [{ item, product }] : []
    })
    // A line the device cannot price (its catalogue has not been synced yet) leaves the total to the server.
    if (lines.length < view.contents.products.length) return { ...empty, provisional: true, codePending }
    const calculation = calculateCart({
      lines,
      rules: view.pricing,
      discount: code && knownRule ? { code, rule: knownRule } : null,
      shippingMethod: view.contents.shippingMethod,
      paymentMethodId: view.contents.paymentMethodId,
      now: new Date(),
      texts,
    })
    return { calculation, provisional: true, products, codePending }
  }, [view, products, texts])
  useEffect(() => setShownCalculation(totals.calculation), [totals.calculation])
  return totals
}
