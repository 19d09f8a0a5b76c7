// The accounts' mails, in the account's language with the shop's layout (mail/mail-templates.ts): the activation
// link, "you have an account already" (a registration with a known address: no enumeration, yet the owner learns of
// it and gets a way in), the password reset link, the e-mail change link (to the new address) and the notices of a
// changed address (to the old one) and password.
import { mailText, type MailContent, type MailLayout, type MailTextKey } from '../mail/mail-templates.ts'

type Texts = (key: MailTextKey, params?: Record<string, string>) => string

const textsOf =
  (layout: MailLayout): Texts =>
  (key, params = {}) =>
    mailText(layout.language, key, { brand: layout.brandName, ...params })

export function activationMail(layout: MailLayout, { link }: { link: string }): MailContent {
  const t = textsOf(layout)
  return {
    subject: t('accountActivation.subject'),
    preview: t('accountActivation.preview'),
    heading: t('accountActivation.heading'),
    paragraphs: [t('accountActivation.intro'), t('accountActivation.expiry'), t('accountActivation.ignore')],
    button: { label: t('accountActivation.button'), href: link },
  }
}

export function accountExistsMail(layout: MailLayout, { link, email }: { link: string; email: string }): MailContent {
  const t = textsOf(layout)
  return {
    subject: t('accountExists.subject'),
    preview: t('accountExists.preview'),
    heading: t('accountExists.heading'),
    paragraphs: [t('accountExists.intro', { email }), t('accountExists.next'), t('accountExists.ignore')],
    button: { label: t('accountExists.button'), href: link },
  }
}

export function passwordResetMail(layout: MailLayout, { link, email }: { link: string; email: string }): MailContent {
  const t = textsOf(layout)
  return {
    subject: t('accountPasswordReset.subject'),
    preview: t('accountPasswordReset.preview'),
    heading: t('accountPasswordReset.heading'),
    paragraphs: [
      t('accountPasswordReset.intro', { email }),
      t('accountPasswordReset.expiry'),
      t('accountPasswordReset.ignore'),
    ],
    button: { label: t('accountPasswordReset.button'), href: link },
  }
}

export function emailChangeMail(layout: MailLayout, { link, email }: { link: string; email: string }): MailContent {
  const t = textsOf(layout)
  return {
    subject: t('accountEmailChange.subject'),
    preview: t('accountEmailChange.preview'),
    heading: t('accountEmailChange.heading'),
    paragraphs: [
      t('accountEmailChange.intro', { email }),
      t('accountEmailChange.expiry'),
      t('accountEmailChange.ignore'),
    ],
    button: { label: t('accountEmailChange.button'), href: link },
  }
}

export function emailChangedMail(layout: MailLayout, { email }: { email: string }): MailContent {
  const t = textsOf(layout)
  return {
    subject: t('accountEmailChanged.subject'),
    preview: t('accountEmailChanged.preview'),
    heading: t('accountEmailChanged.heading'),
    paragraphs: [t('accountEmailChanged.intro', { email }), t('accountEmailChanged.warning')],
  }
}

export function passwordChangedMail(layout: MailLayout): MailContent {
  const t = textsOf(layout)
  return {
    subject: t('accountPasswordChanged.subject'),
    preview: t('accountPasswordChanged.preview'),
    heading: t('accountPasswordChanged.heading'),
    paragraphs: [t('accountPasswordChanged.intro'), t('accountPasswordChanged.warning')],
  }
}
