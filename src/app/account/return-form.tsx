// The report form for one product: the order (a choice only when the product is on several), quantity, reason, text
// and a photo taken with the phone's camera or chosen, previewed and scaled down before it is sent. The form needs
// the network: offline it says so and keeps what was typed (also in session storage, so a reload keeps it); the
// server's refusals stand beside their fields. Sent, it shows the §8 success and the report's reference.
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import {
  RETURN_REASONS,
  RETURN_TEXT_MAX,
  checkReturnFields,
  type ReturnableLine,
  type ReturnField,
  type ReturnReport,
} from '../../domain/returns.ts'
import { translateWith } from '../i18n/translate-with.ts'
import { useRootData } from '../root/use-root-data.ts'
import { PhotoField } from './photo-field.tsx'
import { isUnreachable, refusedFields } from './returns-api.ts'
import { returnReference, returnsPath, useDateFormat } from './returns-overview.tsx'
import { useReturnsApi } from './use-returns.ts'
import { useDraft } from './use-draft.ts'

type Errors = Partial<Record<ReturnField, { key: string; params: Record<string, string> }>>

export function ReturnForm({ lines, onSent }: { lines: ReturnableLine[]; onSent: () => void }) {
  const { t } = useTranslation()
  const { language } = useRootData()
  const [search] = useSearchParams()
  const api = useReturnsApi()
  const variantId = lines[0]?.productVariantId ?? 0
  const [draft, keepDraft, clearDraft] = useDraft(variantId, {
    orderId: lines.find((l) => l.orderId === search.get('order'))?.orderId ?? lines[0]?.orderId ?? '',
    quantity: '1',
    reason: '',
    text: '',
  })
  const [photo, keepPhoto] = useState<File | null>(null)
  const [errors, setErrors] = useState<Errors>({})
  // A field's refusal goes once the field changes; the others stay until the next send.
  const forget = (...fields: ReturnField[]) =>
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([name]) => !fields.includes(name as ReturnField))),
    )
  const setDraft = (change: Partial<typeof draft>) => {
    keepDraft(change)
    forget(...(Object.keys(change) as ReturnField[]), ...(change.orderId ? (['productVariantId'] as const) : []))
  }
  const setPhoto = (file: File | null) => {
    keepPhoto(file)
    forget('photo')
  }
  const [sending, setSending] = useState(false)
  const [problem, setProblem] = useState<'offline' | 'failed' | null>(null)
  const [sent, setSent] = useState<ReturnReport | null>(null)
  const date = useDateFormat()
  const message = translateWith(t)

  useEffect(() => {
    const online = () => setProblem((p) => (p === 'offline' ? null : p))
    window.addEventListener('online', online)
    return () => window.removeEventListener('online', online)
  }, [])

  if (sent) return <Sent report={sent} />
  if (lines.length === 0)
    return (
      <div className="returns__form">
        <p className="returns__notice" role="status">
          {t('account.returns.form.notReturnable')}
        </p>
        <Link to={returnsPath(language.pathPrefix)}>{t('account.returns.form.back')}</Link>
      </div>
    )

  const line = lines.find((l) => l.orderId === draft.orderId) ?? lines[0]!
  const fields = { ...draft, orderId: line.orderId, productVariantId: String(variantId) }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setProblem(null)
    const checked = checkReturnFields(fields, photo !== null)
    const local: Errors = {}
    if (!checked.ok) for (const e of checked.errors) local[e.field] ??= { key: e.key, params: e.params ?? {} }
    if (Number(draft.quantity) > line.quantity)
      local.quantity ??= { key: 'account.returns.errors.quantityMax', params: { max: String(line.quantity) } }
    setErrors(local)
    if (Object.keys(local).length > 0) return
    if (!navigator.onLine) return setProblem('offline')
    const form = new FormData()
    for (const [name, value] of Object.entries(fields)) form.append(name, value)
    if (photo) form.append('photo', photo, photo.name)
    setSending(true)
    try {
      const report = await api.report(form)
      clearDraft()
      setSent(report)
      onSent()
    } catch (error) {
      const refused = refusedFields(error)
      if (Object.keys(refused).length > 0) setErrors(refused)
      else setProblem(isUnreachable(error) ? 'offline' : 'failed')
    } finally {
      setSending(false)
    }
  }

  const describe = (name: ReturnField, hint?: boolean) =>
    [hint ? `return-${name}-hint` : null, errors[name] ? `return-${name}-error` : null].filter(Boolean).join(' ') ||
    undefined
  const error = (name: ReturnField) =>
    errors[name] && (
      <p id={`return-${name}-error`} className="field__error">
        {message(errors[name].key, errors[name].params)}
      </p>
    )

  return (
    <form className="returns__form" onSubmit={submit} noValidate>
      <div className="returns__product">
        <strong>{line.description}</strong>
        {line.productLabel && <span className="returns__muted"> · {line.productLabel}</span>}
      </div>
      {problem && (
        <p className={`returns__notice${problem === 'failed' ? ' returns__notice--error' : ''}`} role="alert">
          {t(problem === 'offline' ? 'account.returns.form.offline' : 'account.returns.form.failed')}
        </p>
      )}
      <div className={errors.orderId ? 'field field--invalid' : 'field'}>
        <label htmlFor="return-orderId">{t('account.returns.form.order')}</label>
        {lines.length > 1 ? (
          <select
            id="return-orderId"
            name="orderId"
            value={line.orderId}
            onChange={(e) => setDraft({ orderId: e.target.value })}
            aria-describedby={describe('orderId')}
          >
            {lines.map((l) => (
              <option key={l.orderId} value={l.orderId}>
                {t('account.returns.orderOf', { number: l.orderNumber, date: date(l.orderDate) })}
              </option>
            ))}
          </select>
        ) : (
          <output id="return-orderId" className="returns__fixed">
            {t('account.returns.orderOf', { number: line.orderNumber, date: date(line.orderDate) })}
          </output>
        )}
        {error('orderId')}
        {error('productVariantId')}
      </div>
      <div className={errors.quantity ? 'field field--invalid' : 'field'}>
        <label htmlFor="return-quantity">{t('account.returns.form.quantity')}</label>
        <input
          id="return-quantity"
          name="quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={line.quantity}
          value={draft.quantity}
          onChange={(e) => setDraft({ quantity: e.target.value })}
          aria-invalid={errors.quantity ? true : undefined}
          aria-describedby={describe('quantity', true)}
          className="returns__quantity"
          required
        />
        <p id="return-quantity-hint" className="field__hint">
          {t('account.returns.form.quantityHint', { max: line.quantity })}
        </p>
        {error('quantity')}
      </div>
      <fieldset className={errors.reason ? 'field field--invalid returns__reasons' : 'field returns__reasons'}>
        <legend>{t('account.returns.form.reason')}</legend>
        {RETURN_REASONS.map((reason) => (
          <label key={reason} className="returns__reason">
            <input
              type="radio"
              name="reason"
              value={reason}
              checked={draft.reason === reason}
              onChange={() => setDraft({ reason })}
              aria-describedby={describe('reason')}
            />
            {t(`account.returns.reasons.${reason}`)}
          </label>
        ))}
        {error('reason')}
      </fieldset>
      <TextField
        value={draft.text}
        onChange={(text) => setDraft({ text })}
        error={error('text')}
        describedBy={describe('text', true)}
        invalid={!!errors.text}
      />
      <PhotoField photo={photo} onChange={setPhoto} error={error('photo')} describedBy={describe('photo', true)} />
      <button type="submit" className="button button--large" disabled={sending}>
        {sending ? t('account.returns.form.sending') : t('account.returns.form.submit')}
      </button>
      <Link to={returnsPath(language.pathPrefix)}>{t('account.returns.form.back')}</Link>
    </form>
  )
}

function TextField({
  value,
  onChange,
  error,
  describedBy,
  invalid,
}: {
  value: string
  onChange: (text: string) => void
  error: ReactNode
  describedBy: string | undefined
  invalid: boolean
}) {
  const { t } = useTranslation()
  const counter = useId()
  return (
    <div className={invalid ? 'field field--invalid' : 'field'}>
      <label htmlFor="return-text">{t('account.returns.form.text')}</label>
      <textarea
        id="return-text"
        name="text"
        rows={5}
        maxLength={RETURN_TEXT_MAX}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={[describedBy, counter].filter(Boolean).join(' ')}
      />
      <p id="return-text-hint" className="field__hint">
        {t('account.returns.form.textHint')}
      </p>
      <p id={counter} className="field__hint returns__counter">
        {t('account.returns.form.characters', { count: value.length, max: RETURN_TEXT_MAX })}
      </p>
      {error}
    </div>
  )
}

function Sent({ report }: { report: ReturnReport }) {
  const { t } = useTranslation()
  const { language } = useRootData()
  return (
    <section className="returns__sent" role="status" aria-labelledby="return-sent">
      <h2 id="return-sent">{t('account.returns.form.successTitle')}</h2>
      <p>{t('messages.returnReceived')}</p>
      <p className="returns__muted">
        {t('account.returns.reference', { reference: returnReference(report.returnId) })}
      </p>
      <div className="button-row">
        <Link className="button" to={returnsPath(language.pathPrefix)}>
          {t('account.returns.form.back')}
        </Link>
        <Link className="button button--secondary" to={`${returnsPath(language.pathPrefix)}#returns-start`}>
          {t('account.returns.form.another')}
        </Link>
      </div>
    </section>
  )
}
