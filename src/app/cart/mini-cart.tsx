// The header's cart entry (issue #5): a link to the cart with the quantity count (free products included, SPEC §5),
// and a panel with the lines and the total. Light on purpose: it is on every page's first script; the panel, which
// needs the calculation, loads when first opened.
import { lazy, Suspense, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useCartPath } from './cart-path.ts'
import { quantityCount, useCart } from './cart-state.ts'

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
      <Link
        to={cartPath}
        className="entry-point mini-cart__link"
        aria-label={t('cart.mini.label', { count: String(count) })}
      >
        <svg className="mini-cart__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path
            d="M3 4h2l2.2 10.2a2 2 0 0 0 2 1.6h7.6a2 2 0 0 0 2-1.5L20.5 8H6.2"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
          <circle cx="9.5" cy="19.5" r="1.5" fill="currentColor" />
          <circle cx="17" cy="19.5" r="1.5" fill="currentColor" />
        </svg>
        <span className="mini-cart__label">{t('header.cart')}</span>
        <span className="mini-cart__count" data-empty={count === 0 || undefined}>
          {count}
        </span>
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
