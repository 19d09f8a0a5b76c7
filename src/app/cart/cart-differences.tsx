import { useTranslation } from 'react-i18next'
import { formatMoney } from '../../domain/locale.ts'
import type { CartView } from '../../browser/cart-store.ts'
import { useRootData } from '../root/use-root-data.ts'
import { useCart } from './cart-state.ts'

/** What the server answered differently from what the shopper was shown, until they have seen it. */
export function CartDifferences({ view }: { view: CartView }) {
  const { t } = useTranslation()
  const { dismissDifferences } = useCart()
  const { currency, locale } = useRootData()
  if (view.differences.length === 0) return null
  const money = (cents: number | null) => formatMoney(cents ?? 0, currency, locale.language)
  return (
    <section className="cart-differences" role="alert" aria-labelledby="differences-heading">
      <h2 id="differences-heading">{t('cart.differences.title')}</h2>
      <ul>
        {view.differences.map((difference) => (
          <li key={difference.productVariantId}>
            {difference.kind === 'price'
              ? t('cart.differences.price', {
                  name: difference.name,
                  before: money(difference.before),
                  after: money(difference.after),
                })
              : t('cart.differences.removed', { name: difference.name })}
          </li>
        ))}
      </ul>
      <button type="button" className="button button--small" onClick={() => void dismissDifferences()}>
        {t('cart.differences.dismiss')}
      </button>
    </section>
  )
}
