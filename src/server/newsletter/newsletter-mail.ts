// The newsletter's mails: the confirmation of a sign-up (double opt-in), the note to an address that is subscribed
// already, and a newsletter edition with its unsubscribe link in the footer.
import type { NewsletterEdition } from '../../domain/newsletter-api.ts'
import { mailText, type MailContent, type MailLayout, type MailTextKey } from '../mail/mail-templates.ts'

const texts =
  (layout: MailLayout) =>
  (key: MailTextKey, params: Record<string, string> = {}) =>
    mailText(layout.language, key, { brand: layout.brandName, ...params })

const unsubscribeNote = (layout: MailLayout, unsubscribeUrl: string): MailContent['footerNote'] => {
  const t = texts(layout)
  return {
    text: t('newsletter.reason', { domain: new URL(layout.origin).hostname }),
    link: { label: t('newsletter.unsubscribe'), href: unsubscribeUrl },
  }
}

export function newsletterConfirmation(
  layout: MailLayout,
  { emailAddress, confirmUrl, validDays }: { emailAddress: string; confirmUrl: string; validDays: number },
): MailContent {
  const t = texts(layout)
  return {
    subject: t('newsletterConfirm.subject'),
    preview: t('newsletterConfirm.preview'),
    heading: t('newsletterConfirm.heading'),
    paragraphs: [
      t('newsletterConfirm.intro', { email: emailAddress }),
      t('newsletterConfirm.validity', { days: String(validDays) }),
      t('newsletterConfirm.ignore'),
    ],
    button: { label: t('newsletterConfirm.button'), href: confirmUrl },
  }
}

/** To a confirmed address that signed up again: no second opt-in, but how to stop if that was the point. */
export function newsletterAlreadySubscribed(
  layout: MailLayout,
  { emailAddress, unsubscribeUrl }: { emailAddress: string; unsubscribeUrl: string },
): MailContent {
  const t = texts(layout)
  return {
    subject: t('newsletterAlready.subject'),
    preview: t('newsletterAlready.preview'),
    heading: t('newsletterAlready.heading'),
    paragraphs: [t('newsletterAlready.intro', { email: emailAddress }), t('newsletterAlready.unsubscribe')],
    footerNote: unsubscribeNote(layout, unsubscribeUrl),
  }
}

export function newsletterIssue(layout: MailLayout, edition: NewsletterEdition, unsubscribeUrl: string): MailContent {
  return {
    subject: edition.subject,
    preview: edition.preview || edition.heading,
    heading: edition.heading,
    paragraphs: edition.paragraphs,
    footerNote: unsubscribeNote(layout, unsubscribeUrl),
  }
}
