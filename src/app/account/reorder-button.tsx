// "Order again": the order's lines go back in the cart (use-reorder.ts), and what did not go is named with why.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { OrderLine } from '../../domain/orders.ts'
import { useCartPath } from '../cart/cart-path.ts'
import { useHydrated } from '../catalogue/use-hydrated.ts'
import type { ReorderPlan } from './reorder.ts'
import { useReorder } from './use-reorder.ts'

export function ReorderButton({ lines }: { lines: readonly OrderLine[] }) {
  const { t } = useTranslation()
  const reorder = useReorder()
  const cartPath = useCartPath()
  const hydrated = useHydrated()
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<{ plan: ReorderPlan; offline: boolean } | 'failed' | null>(null)

  const run = async () => {
    setBusy(true)
    setResult(null)
    try {
      setResult({ plan: await reorder(lines), offline: !navigator.onLine })
    } catch {
      setResult('failed')
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="reorder">
      <button type="button" className="button" disabled={!hydrated || busy} onClick={() => void run()}>
        {t('account.orders.reorder.button')}
      </button>
      <div aria-live="polite">
        {result === 'failed' && (
          <p className="reorder__message reorder__message--refused" role="alert">
            {t('messages.addToCartFailed')}
          </p>
        )}
        {result !== null && result !== 'failed' && (
          <ReorderResult plan={result.plan} offline={result.offline} cartPath={cartPath} />
        )}
      </div>
    </div>
  )
}

function ReorderResult({ plan, offline, cartPath }: { plan: ReorderPlan; offline: boolean; cartPath: string }) {
  const { t } = useTranslation()
  const named = plan.skipped.length + plan.limited.length > 0
  return (
    <div className="reorder__result" data-testid="reorder-result">
      {plan.add.length > 0 ? (
        <p className="reorder__message reorder__message--added">
          {t('account.orders.reorder.added', { lines: plan.add.length })}{' '}
          {offline && t('account.orders.reorder.offline')} <Link to={cartPath}>{t('cart.add.viewCart')}</Link>
        </p>
      ) : (
        <p className="reorder__message reorder__message--refused">{t('account.orders.reorder.nothing')}</p>
      )}
      {named && (
        <>
          <p className="reorder__skipped-title">{t('account.orders.reorder.skippedTitle')}</p>
          <ul className="reorder__skipped">
            {plan.skipped.map((skip) => (
              <li key={`${skip.name}-${skip.reason}`}>
                <strong>{skip.name}</strong>: {t(`account.orders.reorder.${skip.reason}`)}
              </li>
            ))}
            {plan.limited.map((limit) => (
              <li key={`${limit.name}-limited`}>
                <strong>{limit.name}</strong>:{' '}
                {t('account.orders.reorder.limited', { quantity: limit.quantity, ordered: limit.ordered })}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}
