// What the visitor typed survives an update reload: before the app reloads itself, the values of form fields are
// kept in session storage (per path) and put back after the new version has rendered. Passwords are never kept.
import { assertClient } from '../client-only.ts'

const KEY = 'drafts'
type Drafts = Record<string, Record<string, string>>
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

const KEEP = 'input:not([type=password]):not([type=hidden]):not([type=file]), textarea, select'
const fieldKey = (field: Field) => field.id || (field.name ? `name:${field.name}` : '')

/** Whether the visitor changed any field on this page (then it is no safe moment for an automatic reload). */
export function hasDirtyFields(root: ParentNode = document): boolean {
  return [...root.querySelectorAll<Field>(KEEP)].some((field) =>
    field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')
      ? field.checked !== field.defaultChecked
      : field instanceof HTMLSelectElement
        ? [...field.options].some((o) => o.selected !== o.defaultSelected)
        : field.value !== field.defaultValue,
  )
}

export function saveDrafts(): void {
  assertClient()
  const values: Record<string, string> = {}
  for (const field of document.querySelectorAll<Field>(KEEP)) {
    const key = fieldKey(field)
    if (!key) continue
    values[key] =
      field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')
        ? String(field.checked)
        : field.value
  }
  try {
    const drafts = JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Drafts
    drafts[location.pathname] = values
    sessionStorage.setItem(KEY, JSON.stringify(drafts))
  } catch {
    // storage blocked: the reload waits for the visitor instead (see update.ts)
  }
}

/** Puts saved values back, through the native setter and an input event so React state follows. */
export function restoreDrafts(): void {
  assertClient()
  let drafts: Drafts
  try {
    drafts = JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Drafts
  } catch {
    return
  }
  const values = drafts[location.pathname]
  if (!values || typeof values !== 'object') return
  for (const field of document.querySelectorAll<Field>(KEEP)) {
    const value = values[fieldKey(field)]
    if (typeof value !== 'string') continue
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked !== (value === 'true')) field.click()
      continue
    }
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set
    setter?.call(field, value)
    field.dispatchEvent(new Event('input', { bubbles: true }))
    field.dispatchEvent(new Event('change', { bubbles: true }))
  }
  delete drafts[location.pathname]
  sessionStorage.setItem(KEY, JSON.stringify(drafts))
}
