// The newsletter's mails render in every language of every brand: a missing text or placeholder would throw.
import { describe, expect, it } from 'vitest'
import { LANGUAGE_CODES } from '../../domain/language-codes.ts'
import type { SiteRecord } from '../sites/site.directory.ts'
import { mailLayout, renderMail } from '../mail/mail-templates.ts'
import { newsletterAlreadySubscribed, newsletterConfirmation, newsletterIssue } from './newsletter-mail.ts'

const site = {
  id: 1,
  brandName: 'Equivera',
  brand: 'equivera',
  customerServicePhone: '+31 10 123 45 67',
  customerServiceEmailAddress: 'klantenservice@equivera.nl',
  languages: [],
  fallbackLanguageId: 12,
  texts: new Map(),
} as unknown as SiteRecord

describe.each(LANGUAGE_CODES)('the newsletter mails in %s', (language) => {
  const layout = mailLayout(site, language, 'https://www.equivera.nl')

  it('confirmation: the link as its button, the address and how long the link works', async () => {
    const confirmUrl = 'https://www.equivera.nl/newsletter/confirm/?token=abc'
    const mail = await renderMail(
      layout,
      newsletterConfirmation(layout, { emailAddress: 'anna@example.nl', confirmUrl, validDays: 3 }),
    )
    expect(mail.html).toContain(confirmUrl.replace('&', '&amp;'))
    expect(mail.text).toContain(confirmUrl)
    expect(mail.text).toContain('anna@example.nl')
    expect(mail.text).toContain('3')
    expect(mail.subject).toContain('Equivera')
  })

  it('the note to a subscribed address and a newsletter both carry the unsubscribe link in the footer', async () => {
    const unsubscribeUrl = 'https://www.equivera.nl/newsletter/unsubscribe/?id=7&key=k'
    for (const content of [
      newsletterAlreadySubscribed(layout, { emailAddress: 'anna@example.nl', unsubscribeUrl }),
      newsletterIssue(layout, { language, subject: 'S', preview: '', heading: 'H', paragraphs: ['P'] }, unsubscribeUrl),
    ]) {
      const mail = await renderMail(layout, content)
      expect(mail.html).toContain(unsubscribeUrl.replace('&', '&amp;'))
      expect(mail.text).toContain(unsubscribeUrl)
    }
  })
})
