// The totals the cart shows (issue #5): the server's calculation when the device has nothing waiting for it; else the
// same domain calculation the server runs, over the device's catalogue and the site's pricing rules, marked
// provisional until the server has answered. A discount code the server has not checked yet counts for nothing here.
import { useAtomValue } from 'jotai'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { calculateCart, type CartCalculation } from '../../domain/cart-calculation.ts'
import type { CartContents } from '../../domain/cart-mutations.ts'
import { calculationTexts } from '../../domain/cart-texts.ts'
import type { CatalogueProduct } from '../../domain/product.ts'
import { translateWith } from '../catalogue/product-specs.tsx'
import { catalogueSyncAtom } from '../catalogue/frame-parts.tsx'
import type { CartView } from '../data/cart-store.ts'
import { useRootData } from '../root/use-root-data.ts'
import { setShownCalculation } from './cart-state.ts'

export interface CartTotals {
  calculation: CartCalculation | null
  /** Worked out on the device: the server will check it. */
  provisional: boolean
  /** The products of the cart's lines as the device knows them (for names, pictures and stock). */
  products: Map<number, CatalogueProduct>
  /** The code waits for the server's check. */
  codePending: boolean
}

const sameContents = (a: CartContents, b: CartContents) => JSON.stringify(a) === JSON.stringify(b)

/** The device's catalogue products by variant id (empty until the catalogue has been synced once). */
export function useLocalProducts(): Map<number, CatalogueProduct> {
  const { site, language } = useRootData()
  const synced = useAtomValue(catalogueSyncAtom)
  const [products, setProducts] = useState(new Map<number, CatalogueProduct>())
  useEffect(() => {
    let current = true
    void import('../data/catalogue-store.ts')
      .then(({ readCatalogue }) =>
        readCatalogue({ siteId: site.siteId, languageId: language.languageId, language: language.code }),
      )
      .then((catalogue) => {
        if (!current || !catalogue) return
        setProducts(new Map(catalogue.products.flatMap((p) => p.variants.map((v) => [v.productVariantId, p]))))
      })
      .catch(() => undefined)
    return () => {
      current = false
    }
  }, [site.siteId, language.languageId, language.code, synced])
  return products
}

export function useCartTotals(view: CartView | null): CartTotals {
  const { t } = useTranslation()
  const { currency, locale } = useRootData()
  const products = useLocalProducts()
  const totals = useMemo((): CartTotals => {
    const empty = { calculation: null, provisional: false, products, codePending: false }
    if (!view) return empty
    const code = view.contents.discountCode
    const knownRule =
      view.calculation?.discountCode?.code === code ? (view.calculation?.discountCode?.rule ?? null) : null
    const codePending = code !== null && view.calculation?.discountCode?.code !== code
    if (view.queued.length === 0 && view.calculation && sameContents(view.contents, view.base))
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
      texts: calculationTexts(translateWith(t), locale.language, currency),
    })
    return { calculation, provisional: true, products, codePending }
  }, [view, products, t, locale.language, currency])
  useEffect(() => setShownCalculation(totals.calculation), [totals.calculation])
  return totals
}
