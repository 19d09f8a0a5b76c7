// What every signed-out page (login, register, forgot, reset, confirm, resend confirmation) has around its form: the
// title in the head and as the page's heading, not indexed, a narrow column readable on a phone.
import '../checkout/checkout.css'
import './account-pages.css'
import type { ReactNode } from 'react'
import { PageHead } from '../content/page-head.tsx'
import { PageHeading } from '../navigation/page-heading.tsx'
import { useRootData } from '../root/use-root-data.ts'

export function AuthPage({ title, children }: { title: string; children: ReactNode }) {
  const { site } = useRootData()
  return (
    <article className="auth-page">
      <PageHead title={`${title} | ${site.brandName}`} noIndex />
      <PageHeading>{title}</PageHeading>
      {children}
    </article>
  )
}

/** A message box: information (status) or a problem (alert), read out when it appears. */
export function Notice({ kind, children }: { kind: 'info' | 'success' | 'error'; children: ReactNode }) {
  return (
    <div className={`auth-notice auth-notice--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  )
}

/** After a refused send, the first field with an error takes the focus (its message is read out with it). */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
}
