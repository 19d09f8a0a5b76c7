import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BRAND_THEME } from '../../domain/brands.ts'
import { LANGUAGE_CODES, type LanguageCode } from '../../domain/language-codes.ts'
import { createTestApp, type TestApp } from '../../../tests/helpers/app.ts'
import type { SiteRecord } from '../sites/site.directory.ts'
import { mailLayout, mailText, renderMail, stockReminderConfirmation } from './mail-templates.ts'
import { linkOf } from './mail-test-setup.ts'

// The templates on the seeded sites: every language renders, each brand has its colour and logo, and the footer
// shows the site's customer service.

const mailTextsOf = (code: LanguageCode) =>
  (JSON.parse(readFileSync(new URL(`../../../locales/${code}.json`, import.meta.url), 'utf8')) as { mail: object }).mail

describe('mail templates', () => {
  let t: TestApp
  const site = (key: string): SiteRecord => t.app.context.sites.all().find((s) => s.key === key)!
  beforeAll(async () => {
    t = await createTestApp('sqlite')
  })
  afterAll(async () => t.close())

  const render = (record: SiteRecord, language: LanguageCode, origin = 'https://www.equivera.nl') => {
    const layout = mailLayout(record, language, origin)
    return renderMail(
      layout,
      stockReminderConfirmation(layout, {
        productName: 'Pony Muesli & <Co>',
        productUrl: `${origin}/producten/pony-muesli?x=1&y=2`,
        emailAddress: 'anna@example.nl',
      }),
    )
  }

  it.each(LANGUAGE_CODES)('renders the notify-me confirmation in %s with every text', async (language) => {
    const mail = await render(site('nl'), language)
    expect(mail.subject).toContain('Pony Muesli & <Co>')
    expect(mail.html).toMatch(new RegExp(`<html lang="${language}"`))
    expect(mail.html).toContain('Pony Muesli &amp; &lt;Co&gt;')
    expect(mail.html).not.toContain('<Co>')
    for (const part of [mail.subject, mail.html, mail.text]) expect(part).not.toMatch(/\{\{|\}\}|mail\.\w+\./)
    expect(mail.text).toContain('https://www.equivera.nl/producten/pony-muesli?x=1&y=2')
    expect(linkOf(mail.html, mailText(language, 'stockReminder.button'))).toBe(
      'https://www.equivera.nl/producten/pony-muesli?x=1&y=2',
    )
    expect(mail.text).toContain(mailText(language, 'stockReminder.next', { email: 'anna@example.nl' }))
  })

  it.each(LANGUAGE_CODES.filter((code) => code !== 'en'))('has its own texts in %s, not the English ones', (code) => {
    const own = JSON.stringify(mailTextsOf(code))
    for (const text of Object.values(mailTextsOf('en')).flatMap((group: Record<string, string>) =>
      Object.values(group),
    ))
      expect(own).not.toContain(JSON.stringify(text))
  })

  it.each([
    ['nl', 'equivera', 'https://www.equivera.nl'],
    ['de', 'muehldorfer', 'https://www.muehldorfer.de'],
    ['nl-second', 'paddockpure', 'https://www.paddockpure.nl'],
  ] as const)('shows the %s site with the %s colour and logo', async (key, brand, origin) => {
    const record = site(key)
    const language = record.languages[0]!.code
    const mail = await render(record, language, origin)
    expect(mail.html).toContain(BRAND_THEME[brand].primary)
    expect(mail.html).toContain(`src="${origin}/icons/${brand}-192.png"`)
    // The brand's name beside its logo, so it shows where images are blocked; the logo itself is decoration.
    expect(mail.html).toMatch(new RegExp(`>\\s*${record.brandName}\\s*</div>`))
    // The footer: the site's customer service, by phone and e-mail, with its opening hours and page.
    const texts = record.texts.get(record.languages[0]!.languageId)!
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain(record.customerServicePhone)
      expect(part).toContain(record.customerServiceEmailAddress)
    }
    expect(mail.text).toContain(texts.customerServiceTitle)
    expect(mail.text).toContain(`${texts.openingHours[0]!.days}: ${texts.openingHours[0]!.hours}`)
    expect(linkOf(mail.html, texts.customerServiceLink.title)).toBe(
      new URL(texts.customerServiceLink.route, origin).href,
    )
    expect(mail.html).toContain(`href="tel:${record.customerServicePhone.replace(/\s/g, '')}"`)
  })

  it('refuses a text missing in a language instead of sending half a mail', () => {
    expect(() => mailText('nl', 'stockReminder.nothing' as 'stockReminder.subject')).toThrow(/missing in nl/)
    expect(() => mailText('nl', 'stockReminder.subject')).toThrow(/needs \{\{product\}\}/)
  })
})
