// The test provider's hosted page: plain server-rendered HTML in the payment's language, one <style> with the page's
// nonce, no script, one POST form with a button per outcome. Readable on a 390 px phone (one column, large buttons).
import { CULTURES, normaliseLanguageCode, type LanguageCode } from '../../domain/language-codes.ts'
import { translate } from '../i18n.ts'
import type { TestProviderPaymentRow, TestProviderRefundRow } from './payments.repository.ts'
import { testIssuerName } from './test-provider.ts'

export const OUTCOMES = ['paid', 'failed', 'cancelled', 'expired'] as const

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

const STYLE = `*{box-sizing:border-box}body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:16px;color:#1f2326;
background:#f3f4f1}main{max-width:480px;margin:0 auto;background:#fff;padding:20px;border-radius:8px}
h1{font-size:1.4rem;margin:0 0 8px}dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:16px 0}
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}fieldset{border:0;padding:0;margin:0;display:grid;gap:10px}
legend{font-weight:600;margin-bottom:8px}button{font:inherit;min-height:48px;border:0;border-radius:6px;
cursor:pointer;color:#fff}button:focus-visible,a:focus-visible{outline:3px solid #1f2326;outline-offset:2px}
.paid{background:#2e7d32}.failed{background:#a40000}.cancelled{background:#555}.expired{background:#8a5a00}`

export const pageLanguage = (locale: string): LanguageCode => normaliseLanguageCode(locale) ?? 'en'

function layout(language: LanguageCode, nonce: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="${CULTURES[language]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style nonce="${nonce}">${STYLE}</style></head>
<body><main>${body}</main></body></html>`
}

/** `refunds`: what the shop paid back of it, so a tester sees a late payment returned. */
export function testPaymentPage(
  payment: TestProviderPaymentRow,
  nonce: string,
  refunds: readonly TestProviderRefundRow[] = [],
): string {
  const language = pageLanguage(payment.locale)
  const t = (key: string, params?: Record<string, string>) => translate(language, `payments.testPage.${key}`, params)
  const money = (cents: number) =>
    new Intl.NumberFormat(CULTURES[language], { style: 'currency', currency: payment.currency }).format(cents / 100)
  const details = [
    [t('description'), payment.description],
    [t('reference'), payment.reference],
    [t('amount'), money(payment.amount)],
    // The bank chosen in the shop's checkout, as a real iDEAL page would open it.
    ...(payment.issuer ? [[t('issuer'), testIssuerName(payment.issuer)]] : []),
    ...refunds.map((refund) => [t('refunded'), `${money(refund.amount)} (${refund.id})`]),
  ]
    .map(([term, value]) => `<dt>${escapeHtml(term!)}</dt><dd>${escapeHtml(value!)}</dd>`)
    .join('')
  const choice =
    payment.status === 'open'
      ? `<form method="post" action="/payments/test/${payment.id}"><fieldset><legend>${escapeHtml(t('choose'))}</legend>${OUTCOMES.map(
          (outcome) =>
            `<button type="submit" name="outcome" value="${outcome}" class="${outcome}">${escapeHtml(t(outcome))}</button>`,
        ).join('')}</fieldset></form>`
      : `<p>${escapeHtml(t('decided', { status: translate(language, `payments.status.${payment.status}`) }))}</p>
<p><a href="${escapeHtml(payment.redirectUrl)}">${escapeHtml(t('back'))}</a></p>`
  return layout(
    language,
    nonce,
    t('title'),
    `<h1>${escapeHtml(t('heading'))}</h1><p>${escapeHtml(t('intro'))}</p><dl>${details}</dl>${choice}`,
  )
}

export function notFoundPage(nonce: string): string {
  const title = translate('en', 'payments.testPage.notFound')
  return layout('en', nonce, title, `<h1>${escapeHtml(title)}</h1>`)
}
