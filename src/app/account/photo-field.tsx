// The photo of a report: the phone's camera or a picture from the device (accept image/*, capture environment: the
// back camera), scaled down at once (photo-downscale.ts) and previewed, with a way to take it out again.
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { downscalePhoto } from './photo-downscale.ts'

export function PhotoField({
  photo,
  onChange,
  error,
  describedBy,
}: {
  photo: File | null
  onChange: (photo: File | null) => void
  error: ReactNode
  describedBy: string | undefined
}) {
  const { t } = useTranslation()
  const input = useRef<HTMLInputElement>(null)
  const [preview, setPreview] = useState<string | null>(null)
  const [preparing, setPreparing] = useState(false)

  useEffect(() => {
    if (!photo) return setPreview(null)
    const url = URL.createObjectURL(photo)
    setPreview(url)
    return () => URL.revokeObjectURL(url)
  }, [photo])

  const chosen = async (file: File | undefined) => {
    if (!file) return onChange(null)
    setPreparing(true)
    try {
      onChange(await downscalePhoto(file))
    } finally {
      setPreparing(false)
    }
  }
  const remove = () => {
    if (input.current) input.current.value = ''
    onChange(null)
  }

  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <span className="returns__label" id="return-photo-label">
        {t('account.returns.form.photo')}
      </span>
      {/* The native input's button speaks the browser's language, not the page's: a label in the page's language
          opens it, and the input itself stays reachable and announced (visually hidden, not display: none). */}
      <input
        ref={input}
        id="return-photo"
        name="photo"
        type="file"
        accept="image/*"
        capture="environment"
        className="returns__file"
        onChange={(e) => void chosen(e.target.files?.[0])}
        aria-labelledby="return-photo-label"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <label htmlFor="return-photo" className="button button--secondary returns__choose">
        {photo ? t('account.returns.form.photoChange') : t('account.returns.form.photoChoose')}
      </label>
      <p id="return-photo-hint" className="field__hint">
        {t('account.returns.form.photoHint')}
      </p>
      {preparing && (
        <p className="field__hint" role="status">
          {t('account.returns.form.photoPreparing')}
        </p>
      )}
      {preview && (
        <div className="returns__preview">
          <img src={preview} alt={t('account.returns.form.photoPreview')} />
          <button type="button" className="button button--secondary button--small" onClick={remove}>
            {t('account.returns.form.photoRemove')}
          </button>
        </div>
      )}
      {error}
    </div>
  )
}
