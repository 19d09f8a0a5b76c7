// What the account information forms share: the values, each field's error shown once the field has been left (or
// the form sent), the server's refusals by field until the field is changed, and one sentence for a call that failed.
import { useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage, serverFieldErrors } from '../checkout/checkout-errors.ts'
import { isUnreachable } from '../checkout/checkout-state.ts'
import type { FieldErrors } from '../checkout/form-field.tsx'

/** The errors of fields under `prefix` ('address.'), by their names below it (what AddressFields takes). */
export const errorsUnder = (errors: FieldErrors, prefix: string): FieldErrors =>
  Object.fromEntries(
    Object.entries(errors)
      .filter(([field]) => field.startsWith(prefix))
      .map(([field, error]) => [field.slice(prefix.length), error]),
  )

export function useEditForm<F extends object>(initial: F) {
  const { t } = useTranslation()
  const formRef = useRef<HTMLFormElement>(null)
  const [form, setForm] = useState(initial)
  const [touched, setTouched] = useState<Set<string>>(new Set())
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [sending, setSending] = useState(false)

  const update = (patch: Partial<F>) => {
    setForm((current) => ({ ...current, ...patch }))
    setFailure(null)
    // A field changed after the server refused it is the shopper's to check again.
    const changed = Object.keys(patch)
    setServerErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([field]) => !changed.some((c) => field.startsWith(c)))),
    )
  }
  const leave = (field: string) => setTouched((current) => new Set(current).add(field))

  /** The errors to show now: those of fields left, and the server's. */
  const shown = (errors: FieldErrors): FieldErrors => {
    const visible: FieldErrors = { ...serverErrors }
    for (const [field, error] of Object.entries(errors)) if (touched.has(field)) visible[field] ??= error
    return visible
  }

  const focusFirstInvalid = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())

  /**
   * Sends the form when `errors` is empty (else shows them all): `call` makes the request; the server's field errors
   * come back beside their fields (`rename`: its paths to the form's names), anything else as one sentence.
   */
  const submit =
    (errors: FieldErrors, call: () => Promise<void>, rename?: (path: string) => string) => async (event: FormEvent) => {
      event.preventDefault()
      if (Object.keys(errors).length > 0) {
        setTouched(new Set([...touched, ...Object.keys(errors)]))
        focusFirstInvalid()
        return
      }
      setSending(true)
      setFailure(null)
      try {
        await call()
      } catch (error) {
        const fields = serverFieldErrors(error, rename)
        if (Object.keys(fields).length > 0) {
          setServerErrors(fields)
          focusFirstInvalid()
        } else setFailure(isUnreachable(error) ? t('account.information.needsNetwork') : errorMessage(t, error))
      } finally {
        setSending(false)
      }
    }

  return { formRef, form, update, leave, shown, submit, failure, sending }
}
