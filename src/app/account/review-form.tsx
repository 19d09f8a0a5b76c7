// Writing a review of a bought product: title, text with a live count of its words toward the 5 it needs, 1–5 stars
// and the language it is written in (the page's unless chosen). The rules are the domain's, the server's too. Errors
// show beside their fields from the first send on (then live); before that the word count guides. Not on leaving a
// field: an error appearing then moves the send button away from a pointer that is on its way to it.
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { reviewFieldErrors, wordCount, type WriteReviewBody } from '../../domain/account-reviews.ts'
import { REVIEW_MIN_WORDS } from '../../domain/catalogue-constants.ts'
import { LANGUAGE_CODES, type LanguageCode } from '../../domain/language-codes.ts'
import { languageName, spokenLanguage } from '../../domain/review-languages.ts'
import { errorMessage, serverFieldErrors } from '../checkout/checkout-errors.ts'
import { ErrorText, Field, type FieldErrors } from '../checkout/form-field.tsx'
import { useRootData } from '../root/use-root-data.ts'
import { StarRatingInput } from './star-rating-input.tsx'

type Draft = Omit<WriteReviewBody, 'productId'>

/**
 * The languages a review can be written in, one per spoken language ('Nederlands' once, as nl or, on a Flemish page,
 * nl-BE), named in the page's language and sorted by that name.
 */
function reviewLanguages(page: LanguageCode): { code: LanguageCode; name: string }[] {
  const bySpoken = new Map<string, LanguageCode>()
  for (const code of LANGUAGE_CODES) {
    const spoken = spokenLanguage(code)
    const held = bySpoken.get(spoken)
    if (!held || code === page || (held !== page && code === spoken)) bySpoken.set(spoken, code)
  }
  return [...bySpoken.values()]
    .map((code) => ({ code, name: languageName(code, page) }))
    .toSorted((a, b) => a.name.localeCompare(b.name, page))
}

export function ReviewForm({
  productId,
  productName,
  onSend,
  onCancel,
}: {
  productId: number
  productName: string
  onSend: (review: WriteReviewBody) => Promise<void>
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const { language } = useRootData()
  const id = useId()
  const [draft, setDraft] = useState<Draft>({ title: '', text: '', rating: null, language: language.code })
  const [sent, setSent] = useState(false)
  const [sending, setSending] = useState(false)
  const [server, setServer] = useState<{ fields: FieldErrors; message: string | null }>({ fields: {}, message: null })

  const own: FieldErrors = Object.fromEntries(reviewFieldErrors(draft).map((e) => [e.path, e]))
  const errorOf = (field: string) => (sent ? (own[field] ?? server.fields[field]) : undefined)
  const change = <K extends keyof Draft>(field: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }))
    setServer((s) => ({ ...s, fields: { ...s.fields, [field]: undefined } as FieldErrors }))
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setSent(true)
    if (Object.keys(own).length > 0) {
      document.getElementById(`field-${Object.keys(own)[0]}`)?.focus()
      return
    }
    setSending(true)
    try {
      await onSend({ productId, ...draft })
    } catch (error) {
      const fields = serverFieldErrors(error)
      setServer({ fields, message: Object.keys(fields).length > 0 ? null : errorMessage(t, error) })
    } finally {
      setSending(false)
    }
  }

  const words = wordCount(draft.text)
  const textError = errorOf('text')
  return (
    <form className="review-form" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="review-form__heading">
        {t('account.reviews.form.heading', { product: productName })}
      </h3>
      <Field
        name="title"
        label={t('account.reviews.form.title')}
        value={draft.title}
        maxLength={120}
        onChange={(value) => change('title', value)}
        error={errorOf('title')}
      />
      <div className={textError ? 'field field--invalid' : 'field'}>
        <label htmlFor="field-text">{t('account.reviews.form.text')}</label>
        <textarea
          id="field-text"
          name="text"
          rows={5}
          maxLength={4000}
          value={draft.text}
          required
          onChange={(event) => change('text', event.target.value)}
          aria-invalid={textError ? true : undefined}
          aria-describedby={`field-text-count${textError ? ' field-text-error' : ''}`}
        />
        <p
          id="field-text-count"
          className={words >= REVIEW_MIN_WORDS ? 'field__hint review-form__count--done' : 'field__hint'}
          aria-live="polite"
        >
          {t('account.reviews.form.wordCount', { words, min: REVIEW_MIN_WORDS })}
        </p>
        <ErrorText id="field-text-error" error={textError} />
      </div>
      <StarRatingInput value={draft.rating} onChange={(rating) => change('rating', rating)} error={errorOf('rating')} />
      <div className="field">
        <label htmlFor="field-language">{t('account.reviews.form.language')}</label>
        <select
          id="field-language"
          name="language"
          value={draft.language}
          onChange={(event) => change('language', event.target.value as LanguageCode)}
        >
          {reviewLanguages(language.code).map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
        <ErrorText id="field-language-error" error={errorOf('language')} />
      </div>
      {server.message && (
        <p className="field__error" role="alert">
          {server.message}
        </p>
      )}
      <p className="field__hint">{t('account.reviews.form.moderation')}</p>
      <div className="button-row">
        <button type="submit" className="button" disabled={sending}>
          {t(sending ? 'account.reviews.form.sending' : 'account.reviews.form.send')}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('account.reviews.form.cancel')}
        </button>
      </div>
    </form>
  )
}
