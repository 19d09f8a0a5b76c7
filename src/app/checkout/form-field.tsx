// A labelled form field whose error stands beside it (announced, and tied to the input by aria-describedby), shown once
// the field has been left or the form sent. The errors come from the domain's zod rules (the server checks the same)
// as locale keys; `fieldErrors` turns a zod result into them per field path.
import type { InputHTMLAttributes, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { issueText } from '../../domain/address-rules.ts'
import { translateWith } from '../i18n/translate-with.ts'

export interface FieldError {
  key: string
  params: Record<string, string>
}
export type FieldErrors = Record<string, FieldError>

/** The first error of each field path ('address.zipcode'), as a locale key and its parameters. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[], prefix = ''): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of issues) {
    const path = prefix + issue.path.map(String).join('.')
    errors[path] ??= issueText(issue)
  }
  return errors
}

export function ErrorText({ id, error }: { id: string; error: FieldError | undefined }) {
  const { t } = useTranslation()
  if (!error) return null
  return (
    <p id={id} className="field__error">
      {translateWith(t)(error.key, error.params)}
    </p>
  )
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'name'>

export function Field({
  name,
  label,
  value,
  onChange,
  onLeave,
  error,
  hint,
  optional = false,
  ...input
}: InputProps & {
  name: string
  label: string
  value: string
  onChange: (value: string) => void
  onLeave?: () => void
  error?: FieldError | undefined
  hint?: ReactNode
  optional?: boolean
}) {
  const { t } = useTranslation()
  const id = `field-${name.replace(/\W/g, '-')}`
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ')
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id}>
        {label}
        {optional && <span className="field__optional"> ({t('checkout.optional')})</span>}
      </label>
      <input
        id={id}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onLeave}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        required={!optional}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <ErrorText id={`${id}-error`} error={error} />
    </div>
  )
}
