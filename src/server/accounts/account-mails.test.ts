// The account mails render in every language with every text filled in, the link in the button and the text, and
// an address with markup escaped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LANGUAGE_CODES } from '../../domain/language-codes.ts'
import { createTestApp, type TestApp } from '../../../tests/helpers/app.ts'
import { mailLayout, renderMail, type MailContent, type MailLayout } from '../mail/mail-templates.ts'
import {
  accountExistsMail,
  activationMail,
  emailChangedMail,
  emailChangeMail,
  passwordChangedMail,
  passwordResetMail,
} from './account-mails.ts'

const LINK = 'https://www.equivera.nl/account/confirm/?userId=7&token=abc_DEF-123'
const EMAIL = 'anna+<b>@example.nl'

const MAILS: [string, (layout: MailLayout) => MailContent, boolean][] = [
  ['activation', (l) => activationMail(l, { link: LINK }), true],
  ['account exists', (l) => accountExistsMail(l, { link: LINK, email: EMAIL }), true],
  ['password reset', (l) => passwordResetMail(l, { link: LINK, email: EMAIL }), true],
  ['e-mail change', (l) => emailChangeMail(l, { link: LINK, email: EMAIL }), true],
  ['e-mail changed', (l) => emailChangedMail(l, { email: EMAIL }), false],
  ['password changed', (l) => passwordChangedMail(l), false],
]

describe('account mails', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('sqlite')
  })
  afterAll(async () => t.close())

  describe.each(MAILS)('%s', (_name, content, linked) => {
    it.each(LANGUAGE_CODES)('renders in %s', async (language) => {
      const site = t.app.context.sites.all().find((s) => s.key === 'nl')!
      const mail = await renderMail(
        mailLayout(site, language, 'https://www.equivera.nl'),
        content(mailLayout(site, language, 'https://www.equivera.nl')),
      )
      expect(mail.subject).not.toMatch(/\{\{|\}\}/)
      expect(mail.text).not.toMatch(/\{\{|\}\}/)
      expect(mail.html).not.toContain('<b>@')
      // The link is in the button and the plain text of the mails that have one.
      expect(mail.text.includes(LINK)).toBe(linked)
      expect(mail.html.includes(LINK.replaceAll('&', '&amp;'))).toBe(linked)
    })
  })

  it('says in Dutch how long a link works and what to do when it was not you', async () => {
    const site = t.app.context.sites.all().find((s) => s.key === 'nl')!
    const layout = mailLayout(site, 'nl', 'https://www.equivera.nl')
    const mail = await renderMail(layout, activationMail(layout, { link: LINK }))
    expect(mail.subject).toBe('Activeer je account bij Equivera')
    expect(mail.text).toContain('De link werkt 48 uur.')
    expect(mail.text).toContain(`Account activeren: ${LINK}`)
  })
})
