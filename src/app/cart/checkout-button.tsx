import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { localPath } from '../../domain/catalogue-paths.ts'
import type { CartLine } from '../../domain/cart.ts'
import type { CartView } from '../../browser/cart-store.ts'
import { useRootData } from '../root/use-root-data.ts'
import { itemOfLine, trackBeginCheckout } from '../tracking/ecommerce.ts'
import type { CartTotals } from './cart-totals.ts'

/** The way to checkout: only with at least one product, and once every hay sample has its name. */
export function CheckoutButton({ view, totals }: { view: CartView; totals: CartTotals }) {
  const { t } = useTranslation()
  const { language, currency } = useRootData()
  const unnamed = view.contents.products.some((line) => line.rqsSamples.some((s) => s.sampleName === ''))
  const empty = view.contents.products.length === 0
  const checkout = () => {
    const items = (totals.calculation?.products ?? []).map((line: CartLine) =>
      itemOfLine(line, totals.products.get(line.productVariantId)),
    )
    trackBeginCheckout(items, currency, view.contents.discountCode)
  }
  return (
    <div className="cart-checkout">
      {unnamed && <p className="cart-checkout__hint">{t('validation.hayNamesRequired')}</p>}
      {empty || unnamed ? (
        <button type="button" className="button button--large" disabled>
          {t('cart.checkout')}
        </button>
      ) : (
        <Link className="button button--large" to={localPath(language.pathPrefix, 'checkout')} onClick={checkout}>
          {t('cart.checkout')}
        </Link>
      )}
    </div>
  )
}
