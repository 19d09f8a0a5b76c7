// The payment step: how to pay (the site's methods; none when there is nothing to pay), the discount code, what is to
// be paid, and placing the order. The breakdown of the costs is the layout's summary beside (or under) the form.
//
// The chosen method is a queued cart change like the others (useCart().change): it shows at once with its costs in
// the summary, goes to the server in order with a discount code changed just before, and the checkout's cart is only
// ready again once the server has it, so the order is never placed with a choice the server has not seen.
//
// The bank (iDEAL) is not a cart change: it costs nothing and only matters when paying, so it stays on the page and
// goes with the method the cart has in one direct call (POST …/payment) just before placing, once the queue is empty.
// The method has one source of truth (the device's cart, queued), and the server's cart never keeps a bank of a method
// chosen before. A gift card is checked and kept on the cart by a direct call (gift-card.tsx): the answer is the point.
//
// Placing goes to the server or not at all: never queued, never shown as placed without its answer. The attempt's
// key is kept on the device first (place-order.ts), so a lost answer is tried again with it and finds the one order.
import { useAtomValue } from 'jotai'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { CART_SLUGS, localPath } from '../../domain/catalogue-paths.ts'
import { CHECKOUT_STEPS, needsPayment, type FormStep } from '../../domain/checkout.ts'
import type { ErrorCode } from '../../domain/errors.ts'
import type { GiftCardCheck, PaymentMethodOption } from '../../domain/cart.ts'
import type { PlacedOrder } from '../../domain/orders.ts'
import type { PaymentMethod } from '../../domain/site.ts'
import { startCartAfterOrderWhenIdle } from '../../browser/cart-sync.ts'
import { useCart } from '../cart/cart-state.ts'
import { useCartTotals } from '../cart/cart-totals.ts'
import { DiscountCode } from '../cart/discount-code.tsx'
import { placeRefusals } from '../cart/refusal.ts'
import { clearDrafts } from '../data/checkout-drafts.ts'
import { deviceAttempts, type OrderAttempt } from '../data/order-attempt.ts'
import { translateWith } from '../i18n/translate-with.ts'
import { connectivityAtom } from '../pwa/connectivity.ts'
import { useRootData } from '../root/use-root-data.ts'
import { useServices } from '../services.tsx'
import { itemOfLine, trackAddPaymentInfo } from '../tracking/ecommerce.ts'
import { Price } from '../ui/price.tsx'
import { errorMessage } from './checkout-errors.ts'
import { CheckoutLayout } from './checkout-layout.tsx'
import { checkoutPath, useCheckout, useGate, type CheckoutState } from './checkout-state.ts'
import { GiftCard, giftCardPart } from './gift-card.tsx'
import { IssuerSelect, PaymentMethods, usePaymentMethodName } from './payment-methods.tsx'
import { placeOrderOnce, type PlaceOutcome } from './place-order.ts'

/** What went wrong with the last try, to say by the button (or by the methods). */
type Problem =
  | Exclude<PlaceOutcome, { kind: 'placed' | 'refused' }>
  | { kind: 'offline' }
  | { kind: 'method' }
  | { kind: 'lines'; code: 'outOfStock' | 'productNotAvailable'; names: string[] }
  | { kind: 'refused'; code: ErrorCode; params: Record<string, string> }
  /** The payment selection was refused or not answered (said as the server's error). */
  | { kind: 'selection'; text: string }

const LOADING: CheckoutState = { status: 'loading' }
const isFormStep = (step: string | undefined): step is FormStep =>
  step !== undefined && step !== 'complete' && (CHECKOUT_STEPS as readonly string[]).includes(step)

/** The complete page of a placed order; its key goes in the address, for that page only. */
export function completePath(prefix: string, order: Pick<PlacedOrder, 'orderId' | 'orderKey' | 'status'>): string {
  const query = new URLSearchParams({ id: order.orderId, key: order.orderKey, status: order.status })
  return `${checkoutPath(prefix, 'complete')}?${query}`
}

export function Component() {
  const { t } = useTranslation()
  const { site, language, currency } = useRootData()
  const { api } = useServices()
  const navigate = useNavigate()
  const { state, reload, cartId } = useCheckout()
  const { view, change } = useCart()
  const totals = useCartTotals(view)
  const online = useAtomValue(connectivityAtom) !== 'offline' && state.status !== 'offline'
  const siteId = site.siteId

  // An attempt left on the device (undefined until read): a lost answer, or a reload mid-call.
  const [attempt, setAttempt] = useState<OrderAttempt | null | undefined>(undefined)
  const [phase, setPhase] = useState<'idle' | 'placing' | 'leaving'>('idle')
  const [problem, setProblem] = useState<Problem | null>(null)
  const methodsRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    let current = true
    deviceAttempts.read(siteId).then(
      (read) => current && setAttempt(read),
      () => current && setAttempt(null),
    )
    return () => {
      current = false
    }
  }, [siteId])

  // The device has left the attempt's cart behind (a new one was started after the answer was lost): that cart may
  // be the order. The step waits for the shopper to try again rather than sending them back through the checkout.
  const resuming = attempt != null && attempt.cartId !== cartId
  const holding = attempt === undefined || resuming || phase !== 'idle'
  const allowed = useGate('payment', holding ? LOADING : state)

  const ready = state.status === 'ready' ? state : null
  const nameOf = usePaymentMethodName()
  // The methods with their costs for this cart and their banks, asked again when the server's total moves; until they
  // are in (or without the network) the site's methods with the device's costs.
  const [options, setOptions] = useState<PaymentMethodOption[] | null>(null)
  const [card, setCard] = useState<GiftCardCheck | null>(null)
  const serverTotal = ready?.calculation.totalAmount ?? null
  useEffect(() => {
    if (!cartId || serverTotal === null) return
    const abort = new AbortController()
    api.paymentMethods(cartId, abort.signal).then(setOptions, () => undefined)
    return () => abort.abort()
  }, [api, cartId, serverTotal])
  const loaded = ready !== null
  useEffect(() => {
    if (!cartId || !loaded) return
    const abort = new AbortController()
    api.giftCard(cartId, abort.signal).then(setCard, () => undefined)
    return () => abort.abort()
  }, [api, cartId, loaded])

  const deviceCosts = new Map((view?.pricing?.paymentCosts ?? []).map((c) => [c.paymentMethodId, c.costCents]))
  const offered: PaymentMethodOption[] =
    options ??
    site.paymentMethods.map((method) => ({
      ...method,
      paymentCosts: deviceCosts.get(method.paymentMethodId) ?? 0,
      issuers: [],
      giftCard: method.code === 'giftcard',
    }))
  const methods = offered.filter((method) => !method.giftCard)
  const giftCardMethod = offered.find((method) => method.giftCard) ?? null
  const costs = new Map(methods.map((method) => [method.paymentMethodId, method.paymentCosts]))

  // What the shopper sees: the device's totals (with a change still on its way), else the server's; a gift card's
  // part comes off it, and a method pays what is left.
  const calculation = totals.calculation ?? ready?.calculation ?? null
  const total = calculation?.totalAmount ?? 0
  const toPay = total - giftCardPart(card, total)
  const payNeeded = calculation === null || needsPayment(toPay)
  // The choice shows at once; the device's cart has it a moment later (the change is written, then read back).
  const [picked, setPicked] = useState<number | null>(null)
  const chosen = picked ?? view?.contents.paymentMethodId ?? null
  const chosenMethod = methods.find((m) => m.paymentMethodId === chosen) ?? null
  const methodChosen = chosenMethod !== null
  // The bank picked here; until then the one the server's cart keeps.
  const [pickedIssuer, setPickedIssuer] = useState<string | null | undefined>(undefined)
  const issuer = pickedIssuer === undefined ? (ready?.cart.payment?.issuer ?? null) : pickedIssuer
  const sending = (view?.queued.length ?? 0) > 0
  const refusals = view ? placeRefusals(view) : null
  const methodRefusal = refusals?.elsewhere.find((r) => r.entry.mutation.type === 'setPaymentMethod') ?? null

  // An attempt of this cart's may be tried again even when the cart cannot be read (the server closed it: the order).
  const canPlace =
    online && phase === 'idle' && (resuming || ((ready !== null || attempt != null) && allowed && !sending))

  const choose = (method: PaymentMethod) => {
    if (problem?.kind === 'method') setProblem(null)
    setPicked(method.paymentMethodId)
    void change({ type: 'setPaymentMethod', paymentMethodId: method.paymentMethodId })
    const items = (calculation?.products ?? []).map((line) =>
      itemOfLine(line, totals.products.get(line.productVariantId)),
    )
    trackAddPaymentInfo(items, currency, method.code, view?.contents.discountCode ?? null)
  }

  const leave = async (order: PlacedOrder) => {
    setPhase('leaving')
    // The server has closed the cart: the device starts an empty one, and what was typed is not needed any more.
    // Storage trouble (told by the storage notice) never keeps the payer from the payment.
    await Promise.all([
      startCartAfterOrderWhenIdle(siteId, language.languageId).catch(() => undefined),
      clearDrafts(siteId).catch(() => undefined),
    ])
    if (order.paymentUrl) window.location.assign(order.paymentUrl)
    else void navigate(completePath(language.pathPrefix, order), { replace: true })
  }

  const settle = async (outcome: PlaceOutcome) => {
    if (outcome.kind === 'placed') return leave(outcome.order)
    setPhase('idle')
    setAttempt(await deviceAttempts.read(siteId).catch(() => null))
    if (outcome.kind !== 'refused') return setProblem(outcome)
    const { code, params } = outcome
    if (code === 'outOfStock' || code === 'productNotAvailable') {
      const ids = new Set((params.ids ?? '').split(',').map((id) => Number(id.trim())))
      const names = (ready?.calculation.products ?? [])
        .filter((line) => ids.has(line.productVariantId))
        .map((line) => line.description)
      setProblem({ kind: 'lines', code, names })
      return reload()
    }
    if (code === 'checkoutIncomplete') {
      // The step the server names, else: the gate sends the shopper back for missing details, and a missing method
      // is asked for here.
      if (isFormStep(params.step) && params.step !== 'payment')
        return navigate(checkoutPath(language.pathPrefix, params.step))
      setProblem(methodChosen ? outcome : { kind: 'method' })
      return reload()
    }
    setProblem(outcome)
    return reload()
  }

  const place = async () => {
    if (!navigator.onLine) return setProblem({ kind: 'offline' })
    if (!resuming && payNeeded && !methodChosen) {
      setProblem({ kind: 'method' })
      methodsRef.current?.querySelector('input')?.focus()
      return
    }
    setProblem(null)
    setPhase('placing')
    // The bank goes with the method when the server's cart keeps another (none for a method without banks); never on
    // a try again of an attempt, whose cart the server may have closed already.
    const bank = chosenMethod?.issuers.some((i) => i.id === issuer) ? issuer : null
    const kept = ready?.cart.payment?.issuer ?? null
    if (attempt == null && payNeeded && chosenMethod && cartId && bank !== kept) {
      try {
        const selection = { paymentMethodId: chosenMethod.paymentMethodId, issuer: bank }
        await api.setPayment(cartId, { ...selection, giftCardNumber: null, giftCardPin: null })
      } catch (error) {
        setPhase('idle')
        return setProblem({ kind: 'selection', text: errorMessage(t, error) })
      }
    }
    await settle(await placeOrderOnce(api, deviceAttempts, siteId, cartId))
  }

  const cartLink = (
    <Link to={localPath(language.pathPrefix, CART_SLUGS[language.code])}>{t('checkout.payment.toCart')}</Link>
  )

  return (
    <CheckoutLayout
      step="payment"
      // With an attempt waiting, a cart the server no longer has is the order, not an error.
      state={resuming || (attempt != null && state.status === 'error') ? LOADING : state}
      title={t('checkout.payment.title')}
      giftCard={card && { card: card.giftCardNumber, part: giftCardPart(card, total) }}
    >
      {allowed && (
        <div className="checkout-form payment-step">
          {attempt != null && problem === null && phase === 'idle' && (
            <p className="checkout-notice" role="status">
              {t('checkout.payment.resume')}
            </p>
          )}
          {!resuming && giftCardMethod && cartId && calculation && (card || needsPayment(total)) && (
            <GiftCard cartId={cartId} card={card} total={total} name={nameOf(giftCardMethod)} onChange={setCard} />
          )}
          {!resuming && payNeeded && (
            <div ref={methodsRef}>
              <PaymentMethods
                methods={methods}
                chosen={chosen}
                costs={costs}
                onChoose={choose}
                legend={card ? t('checkout.payment.methodsRest') : undefined}
                renderDetails={(method) => (
                  <IssuerSelect
                    issuers={offered.find((m) => m.paymentMethodId === method.paymentMethodId)?.issuers ?? []}
                    value={issuer}
                    onChange={setPickedIssuer}
                  />
                )}
                error={
                  problem?.kind === 'method'
                    ? t('checkout.payment.methodRequired')
                    : methodRefusal?.entry.error
                      ? translateWith(t)(`errors.${methodRefusal.entry.error.code}`, methodRefusal.entry.error.params)
                      : null
                }
              />
            </div>
          )}
          {!resuming && !payNeeded && (
            <p className="checkout-notice" role="status">
              {card ? t('checkout.payment.giftCard.paysAll') : t('checkout.payment.nothingToPay')}
            </p>
          )}
          {!resuming && view && <DiscountCode view={view} totals={totals} refusal={refusals?.discountCode ?? null} />}
          {!resuming && calculation && (
            <p className="payment-step__total">
              <span>{t('checkout.payment.toPay')}</span>{' '}
              <strong>
                <Price cents={toPay} currency={calculation.currency} />
              </strong>
            </p>
          )}
          {problem && <ProblemText problem={problem} cartLink={cartLink} />}
          {!online && (
            <p id="payment-offline" className="checkout-notice" role="status">
              {t('checkout.payment.offline')}
            </p>
          )}
          <div className="checkout-actions">
            <button
              type="button"
              className="button button--large"
              disabled={!canPlace}
              aria-describedby={!online ? 'payment-offline' : undefined}
              onClick={() => void place()}
            >
              {phase === 'placing'
                ? t('checkout.payment.placing')
                : phase === 'leaving'
                  ? t('checkout.payment.leaving')
                  : payNeeded || resuming
                    ? t('checkout.payment.place')
                    : t('checkout.payment.complete')}
            </button>
          </div>
        </div>
      )}
    </CheckoutLayout>
  )
}

function ProblemText({ problem, cartLink }: { problem: Problem; cartLink: ReactNode }) {
  const { t } = useTranslation()
  const text = (() => {
    switch (problem.kind) {
      case 'method':
        return null // said by the methods
      case 'offline':
        return t('checkout.payment.offline')
      case 'unreachable':
        return t('checkout.payment.unreachable')
      case 'failed':
        return t('checkout.payment.failed')
      case 'inProgress':
        return t('checkout.payment.inProgress')
      case 'paymentUnavailable':
        return t('errors.paymentUnavailable')
      case 'rateLimited':
        return t('errors.rateLimited', { minutes: problem.minutes })
      case 'lines':
        return t(problem.code === 'outOfStock' ? 'checkout.payment.outOfStock' : 'checkout.payment.notAvailable', {
          names: problem.names.join(', '),
        })
      case 'refused':
        return translateWith(t)(`errors.${problem.code}`, problem.params)
      case 'selection':
        return problem.text
    }
  })()
  if (text === null) return null
  return (
    <div className="checkout__error" role="alert">
      <p>{text}</p>
      {(problem.kind === 'lines' || problem.kind === 'refused') && <p>{cartLink}</p>}
    </div>
  )
}
