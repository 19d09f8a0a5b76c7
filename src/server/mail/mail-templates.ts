// Mails as the customer gets them: one layout per site and language (the brand's logo and colour, a footer with the
// site's customer service) around a template's content, rendered to HTML with MJML and to plain text from the same
// content. MJML rather than react-email: it is a template language made for mail (tables, Outlook conditionals and
// client quirks handled by the compiler), renders on the server without React, and keeps the server free of the
// browser libraries the lint rules keep out of src/server.
//
// Mails are rendered when they are queued and stored as sent, so /dev/mail shows exactly what was (or would be)
// sent, a retry sends the same bytes, and a later change of a text or a product name never changes a mail that was
// already promised.
import { readFileSync } from 'node:fs'
import mjml2html from 'mjml'
import { BRAND_THEME } from '../../domain/brands.ts'
import { LANGUAGE_CODES, type LanguageCode } from '../../domain/language-codes.ts'
import { brandOf, type Brand } from '../../domain/locale.ts'
import type nl from '../../../locales/nl.json'
import type { SiteRecord } from '../sites/site.directory.ts'

type MailTexts = (typeof nl)['mail']
/** 'footer.contact', 'stockReminder.subject', …: every text of the `mail` section of the Dutch source. */
export type MailTextKey = {
  [G in keyof MailTexts]: `${G & string}.${keyof MailTexts[G] & string}`
}[keyof MailTexts]

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

const localesDir = new URL('../../../locales/', import.meta.url)
let texts: Map<LanguageCode, MailTexts> | undefined

/**
 * A mail text with its {{placeholders}} filled in. A missing text is an error: a mail is never sent half-translated.
 * With `html`, the text is escaped and the params are HTML already.
 */
export function mailText(
  language: LanguageCode,
  key: MailTextKey,
  params: Record<string, string> = {},
  { html = false } = {},
): string {
  texts ??= new Map(
    LANGUAGE_CODES.map((code) => {
      const messages = JSON.parse(readFileSync(new URL(`${code}.json`, localesDir), 'utf8')) as { mail?: MailTexts }
      return [code, messages.mail ?? ({} as MailTexts)]
    }),
  )
  const [group, name] = key.split('.') as [keyof MailTexts, string]
  const template = (texts.get(language)?.[group] as Record<string, string> | undefined)?.[name]
  if (typeof template !== 'string') throw new Error(`The mail text ${key} is missing in ${language}`)
  return (html ? escapeHtml(template) : template).replace(/\{\{(\w+)\}\}/g, (_, param: string) => {
    const value = params[param]
    if (value === undefined) throw new Error(`The mail text ${key} needs {{${param}}}`)
    return value
  })
}

/** What every mail of a site in one language shares. */
export interface MailLayout {
  language: LanguageCode
  brand: Brand
  brandName: string
  /** The site's address, e.g. 'https://www.equivera.nl' (or the local domain a visitor used in development). */
  origin: string
  colour: string
  logoUrl: string
  customerService: {
    title: string
    phone: string
    email: string
    openingHours: { days: string; hours: string }[]
    link: { title: string; href: string } | null
  }
}

const absolute = (origin: string, route: string) => (/^[a-z]+:/i.test(route) ? route : new URL(route, origin).href)

/** The layout of a site's mails in a language it offers (else its fallback language's customer service texts). */
export function mailLayout(site: SiteRecord, language: LanguageCode, origin: string): MailLayout {
  const brand = brandOf(site)
  const languageId = site.languages.find((l) => l.code === language)?.languageId ?? site.fallbackLanguageId
  const siteTexts = site.texts.get(languageId) ?? site.texts.values().next().value
  return {
    language,
    brand,
    brandName: site.brandName,
    origin,
    colour: BRAND_THEME[brand].primary,
    // PNG, not the SVG: most mail clients show no SVG.
    logoUrl: absolute(origin, `/icons/${brand}-192.png`),
    customerService: {
      title: siteTexts?.customerServiceTitle ?? '',
      phone: site.customerServicePhone,
      email: site.customerServiceEmailAddress,
      openingHours: siteTexts?.openingHours ?? [],
      link: siteTexts
        ? { title: siteTexts.customerServiceLink.title, href: absolute(origin, siteTexts.customerServiceLink.route) }
        : null,
    },
  }
}

/** A template's content, in the layout's language: plain texts, escaped when they go into HTML. */
export interface MailContent {
  subject: string
  /** The line mail clients show after the subject. */
  preview: string
  heading: string
  paragraphs: string[]
  /** Tables after the paragraphs (an order's lines, totals, addresses): a title and rows of a label and a value. */
  details?: MailDetails[]
  button?: { label: string; href: string }
  /** A line under the customer service footer, with a link (a newsletter's reason and its unsubscribe link). */
  footerNote?: { text: string; link: { label: string; href: string } }
}

export interface MailDetails {
  title: string
  rows: { label: string; value?: string; strong?: boolean }[]
}

export interface RenderedMail {
  subject: string
  html: string
  text: string
}

const MUTED = '#5b6168'

function footerMjml(layout: MailLayout, note: MailContent['footerNote']): string {
  const cs = layout.customerService
  const contact = mailText(
    layout.language,
    'footer.contact',
    {
      phone: `<a href="tel:${escapeHtml(cs.phone.replace(/\s/g, ''))}" style="color:${layout.colour}">${escapeHtml(cs.phone)}</a>`,
      email: `<a href="mailto:${escapeHtml(cs.email)}" style="color:${layout.colour}">${escapeHtml(cs.email)}</a>`,
    },
    { html: true },
  )
  const hours = cs.openingHours.map((h) => `${escapeHtml(h.days)}: ${escapeHtml(h.hours)}`).join('<br />')
  const link = cs.link
    ? `<br /><a href="${escapeHtml(cs.link.href)}" style="color:${layout.colour}">${escapeHtml(cs.link.title)}</a>`
    : ''
  return `
    <mj-section padding="24px 24px 8px">
      <mj-column>
        <mj-text font-size="14px" line-height="21px" color="${MUTED}">
          <strong>${escapeHtml(cs.title)}</strong><br />${contact}${hours ? `<br />${hours}` : ''}${link}
        </mj-text>
        <mj-divider border-width="1px" border-color="#d9dcd6" />
        <mj-text font-size="12px" line-height="18px" color="${MUTED}">
          ${escapeHtml(note?.text ?? mailText(layout.language, 'footer.reason', { domain: new URL(layout.origin).hostname }))}${
            note
              ? ` <a href="${escapeHtml(note.link.href)}" style="color:${layout.colour}">${escapeHtml(note.link.label)}</a>`
              : ''
          }
        </mj-text>
      </mj-column>
    </mj-section>`
}

function toMjml(layout: MailLayout, content: MailContent): string {
  const { language, colour } = layout
  const paragraphs = content.paragraphs.map((p) => `<mj-text>${escapeHtml(p)}</mj-text>`).join('\n')
  const details = (content.details ?? []).map((d) => detailsMjml(d, colour)).join('\n')
  const button = content.button
    ? `<mj-button href="${escapeHtml(content.button.href)}" background-color="${colour}">${escapeHtml(content.button.label)}</mj-button>`
    : ''
  const regards = `${escapeHtml(mailText(language, 'common.regards'))}<br />${escapeHtml(
    mailText(language, 'common.signature', { brand: layout.brandName }),
  )}`
  return `<mjml lang="${language}" dir="ltr">
  <mj-head>
    <mj-title>${escapeHtml(content.subject)}</mj-title>
    <mj-preview>${escapeHtml(content.preview)}</mj-preview>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="16px" line-height="24px" color="#1f2326" />
      <mj-button color="#ffffff" font-size="16px" font-weight="bold" border-radius="6px" inner-padding="14px 28px" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f3f4f1" width="600px">
    <mj-section background-color="${colour}" padding="16px 24px">
      <mj-group>
        <mj-column width="20%" vertical-align="middle">
          <mj-image src="${escapeHtml(layout.logoUrl)}" alt="" href="${escapeHtml(layout.origin)}/" width="64px" height="64px" align="left" padding="0" />
        </mj-column>
        <mj-column width="80%" vertical-align="middle">
          <mj-text color="#ffffff" font-size="24px" line-height="32px" font-weight="bold" padding="0">${escapeHtml(layout.brandName)}</mj-text>
        </mj-column>
      </mj-group>
    </mj-section>
    <mj-section background-color="#ffffff" padding="24px 12px">
      <mj-column>
        <mj-text font-size="22px" line-height="30px" font-weight="bold" color="${colour}">${escapeHtml(content.heading)}</mj-text>
        ${paragraphs}
        ${details}
        ${button}
        <mj-text>${regards}</mj-text>
      </mj-column>
    </mj-section>
    ${footerMjml(layout, content.footerNote)}
  </mj-body>
</mjml>`
}

function detailsMjml({ title, rows }: MailDetails, colour: string): string {
  const cells = rows
    .map(({ label, value, strong }) => {
      const weight = strong ? 'font-weight:bold;' : ''
      const right =
        value === undefined
          ? ''
          : `<td style="padding:2px 0;text-align:right;white-space:nowrap;${weight}">${escapeHtml(value)}</td>`
      return `<tr><td style="padding:2px 12px 2px 0;${weight}"${value === undefined ? ' colspan="2"' : ''}>${escapeHtml(label)}</td>${right}</tr>`
    })
    .join('')
  return `<mj-text font-size="18px" font-weight="bold" color="${colour}" padding-top="16px">${escapeHtml(title)}</mj-text>
        <mj-table font-size="15px" line-height="22px" color="#1f2326">${cells}</mj-table>`
}

const detailsText = ({ title, rows }: MailDetails) =>
  [title, ...rows.map((r) => (r.value === undefined ? r.label : `${r.label}: ${r.value}`))].join('\n')

function toText(layout: MailLayout, content: MailContent): string {
  const { language, customerService: cs } = layout
  return [
    content.heading,
    ...content.paragraphs,
    ...(content.details ?? []).map(detailsText),
    ...(content.button ? [`${content.button.label}: ${content.button.href}`] : []),
    `${mailText(language, 'common.regards')}\n${mailText(language, 'common.signature', { brand: layout.brandName })}`,
    [
      '-- ',
      cs.title,
      mailText(language, 'footer.contact', { phone: cs.phone, email: cs.email }),
      ...cs.openingHours.map((h) => `${h.days}: ${h.hours}`),
      ...(cs.link ? [`${cs.link.title}: ${cs.link.href}`] : []),
      '',
      content.footerNote
        ? `${content.footerNote.text}\n${content.footerNote.link.label}: ${content.footerNote.link.href}`
        : mailText(language, 'footer.reason', { domain: new URL(layout.origin).hostname }),
    ].join('\n'),
  ].join('\n\n')
}

/** A mail's subject, HTML and plain text. MJML's strict validation: a template mistake fails, never sends. */
export async function renderMail(layout: MailLayout, content: MailContent): Promise<RenderedMail> {
  const { html, errors } = await mjml2html(toMjml(layout, content), { validationLevel: 'strict', keepComments: false })
  if (errors.length > 0) throw new Error(`MJML: ${errors.map((e) => e.formattedMessage).join('; ')}`)
  return { subject: content.subject, html, text: `${toText(layout, content)}\n` }
}

/** A roughage scan's result is in: which sample, and the button to its result page (value, target, advice). */
export function scanResultReady(
  layout: MailLayout,
  { sampleName, scanType, url }: { sampleName: string; scanType: 'rqs' | 'qs'; url: string },
): MailContent {
  const t = (key: MailTextKey, params: Record<string, string> = {}) => mailText(layout.language, key, params)
  const scan = t(scanType === 'rqs' ? 'scanResult.typeRqs' : 'scanResult.typeQs')
  return {
    subject: t('scanResult.subject', { sample: sampleName }),
    preview: t('scanResult.preview', { scan }),
    heading: t('scanResult.heading'),
    paragraphs: [t('scanResult.intro', { scan, sample: sampleName }), t('scanResult.next')],
    button: { label: t('scanResult.button'), href: url },
  }
}

/** The confirmation of a notify-me request: the product, a link to it, and what happens next. */
export function stockReminderConfirmation(
  layout: MailLayout,
  {
    productName,
    productUrl,
    emailAddress,
    cancelUrl,
  }: { productName: string; productUrl: string; emailAddress: string; cancelUrl?: string },
): MailContent {
  const t = (key: MailTextKey, params: Record<string, string> = {}) => mailText(layout.language, key, params)
  return {
    subject: t('stockReminder.subject', { product: productName }),
    preview: t('stockReminder.preview', { product: productName }),
    heading: t('stockReminder.heading'),
    paragraphs: [t('stockReminder.intro', { product: productName }), t('stockReminder.next', { email: emailAddress })],
    button: { label: t('stockReminder.button'), href: productUrl },
    ...(cancelUrl && {
      footerNote: {
        text: t('stockReminder.cancelNote'),
        link: { label: t('stockReminder.cancelLink'), href: cancelUrl },
      },
    }),
  }
}
