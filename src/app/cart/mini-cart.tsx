// The header's cart entry: a link to the cart with the quantity count (free products included),
// and a panel with the lines and the total. Light on purpose: it is on every page's first script; the panel, which
// needs the calculation, loads when first opened.
import { lazy, Suspense, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useCartPath } from './cart-path.ts'
import { quantityCount, useCart } from './cart-state.ts'
import { CartIcon } from '../ui/icons.tsx'

const MiniCartPanel = lazy(() => import('./mini-cart-panel.tsx'))

export function MiniCart() {
  const { t } = useTranslation()
  const { view } = useCart()
  const cartPath = useCartPath()
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const count = quantityCount(view)
  return (
    <div className="mini-cart">
      {/* Named by what it shows, in that order ("Winkelwagen 3", WCAG 2.5.3), so a voice user can say what they see;
          the words the eye gets from the badge follow for the ear. */}
      <Link to={cartPath} className="entry-point mini-cart__link">
        <CartIcon className="mini-cart__icon" />
        <span className="mini-cart__label">{t('header.cart')}</span>{' '}
        <span className="mini-cart__count" data-empty={count === 0 || undefined}>
          {count}
        </span>{' '}
        <span className="visually-hidden">{t('cart.mini.countMeaning')}</span>
      </Link>
      <button
        type="button"
        className="mini-cart__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('cart.summary.title')}
        onClick={() => setOpen((value) => !value)}
      >
        ▾
      </button>
      {open && (
        <div id={panelId} className="mini-cart__panel">
          <Suspense fallback={<p role="status">{t('cart.loading')}</p>}>
            <MiniCartPanel onClose={() => setOpen(false)} />
          </Suspense>
        </div>
      )}
    </div>
  )
}
