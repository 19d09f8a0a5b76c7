// The review's 1–5 stars as a radio group: a fieldset with its legend, one real radio per star (arrow keys move
// between them, a screen reader says "3 of 5 stars"), drawn as outlined stars that fill up to the one chosen
// (filled and outlined differ in shape, not only in colour).
import { useTranslation } from 'react-i18next'
import { STAR_RATING_SCALE } from '../../domain/catalogue-constants.ts'
import { ErrorText, type FieldError } from '../checkout/form-field.tsx'

export function StarRatingInput({
  value,
  onChange,
  error,
}: {
  value: number | null
  onChange: (rating: number) => void
  error: FieldError | undefined
}) {
  const { t } = useTranslation()
  const shown = value ?? 0
  return (
    <fieldset
      className={error ? 'star-input field--invalid' : 'star-input'}
      aria-describedby={error ? 'field-rating-error' : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend>{t('account.reviews.form.rating')}</legend>
      <div className="star-input__stars">
        {Array.from({ length: STAR_RATING_SCALE }, (_, i) => {
          const stars = i + 1
          return (
            <label key={stars} className="star-input__star">
              <input
                type="radio"
                name="rating"
                value={stars}
                checked={value === stars}
                onChange={() => onChange(stars)}
                className="visually-hidden"
              />
              <span
                aria-hidden="true"
                className={stars <= shown ? 'star-input__icon star-input__icon--on' : 'star-input__icon'}
              >
                {stars <= shown ? '★' : '☆'}
              </span>
              <span className="visually-hidden">
                {t('account.reviews.form.starsOf', { stars, max: STAR_RATING_SCALE })}
              </span>
            </label>
          )
        })}
        <span className="star-input__value" aria-hidden="true">
          {value === null ? '' : t('account.reviews.form.starsOf', { stars: value, max: STAR_RATING_SCALE })}
        </span>
      </div>
      <ErrorText id="field-rating-error" error={error} />
    </fieldset>
  )
}
