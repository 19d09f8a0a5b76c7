// The mini cart's panel: the lines (the device's, with waiting changes) and the total, with a link to the cart.
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Price } from '../ui/price.tsx'
import { useCartPath } from './cart-path.ts'
import { useCart } from './cart-state.ts'
import { useCartTotals } from './cart-totals.ts'

const SHOWN_LINES = 5

export default function MiniCartPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  const { view } = useCart()
  const cartPath = useCartPath()
  const { calculation, provisional, products } = useCartTotals(view)
  const lines = view?.contents.products ?? []
  if (lines.length === 0) return <p>{t('cart.empty')}</p>
  return (
    <>
      <ul className="mini-cart__lines">
        {lines.slice(0, SHOWN_LINES).map((line) => {
          const calculated = calculation?.products.find((l) => l.productVariantId === line.productVariantId)
          const name = calculated?.description ?? products.get(line.productVariantId)?.name ?? ''
          return (
            <li key={line.productVariantId}>
              {line.count} × {name}
              {calculated && (
                <>
                  {' '}
                  <Price cents={calculated.totalAmount} currency={calculation!.currency} />
                </>
              )}
            </li>
          )
        })}
      </ul>
      {calculation && (
        <p className="mini-cart__total">
          {t('cart.summary.total')}: <Price cents={calculation.totalAmount} currency={calculation.currency} />
          {provisional && <span className="mini-cart__provisional"> ({t('cart.summary.provisional')})</span>}
        </p>
      )}
      <Link to={cartPath} className="button" onClick={onClose}>
        {t('cart.mini.toCart')}
      </Link>
    </>
  )
}
