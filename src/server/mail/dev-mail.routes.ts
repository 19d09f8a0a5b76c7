// /dev/mail/: the mail outbox as a developer sees it, outside production only. The list shows the newest mails; a
// mail's page shows its headers, its HTML in a sandboxed iframe (its own document, /dev/mail/:id/html, exactly as
// stored and sent) and its plain text. Not under /api, so not in the API's documentation. No scripts at all.
import type { FastifyReply } from 'fastify'
import { IdParamsSchema } from '../../domain/ids.ts'
import type { AppContext, ZodApp } from '../context.ts'
import { findMail, listMails, type MailRow } from './mail.repository.ts'

/**
 * The Content-Security-Policy of the /dev/mail pages, for the app-wide policy to make room for: inline styles (a mail
 * is styled inline by MJML, and these pages carry one <style>), images from anywhere (the brand's logo comes from the
 * site's domain), and the mail's document framed by its page. No script anywhere.
 */
export const DEV_MAIL_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src * data:',
  "frame-src 'self'",
  "frame-ancestors 'self'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ')

/** The mail's own document: sandboxed even when opened directly; its links open outside the sandbox. */
const MAIL_DOCUMENT_CSP = `${DEV_MAIL_CSP}; sandbox allow-popups allow-popups-to-escape-sandbox`

const LIST_LIMIT = 200

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:24px;color:#1f2326}table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:6px 10px;border-bottom:1px solid #ddd;vertical-align:top}th{background:#f3f4f1}
.state-failed{color:#a40000}.state-queued{color:#8a5a00}iframe{width:100%;height:760px;border:1px solid #ccc}
pre{white-space:pre-wrap;background:#f7f7f5;padding:12px;border:1px solid #ddd}`

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body>${body}</body></html>`
}

const sendHtml = (reply: FastifyReply, html: string, csp = DEV_MAIL_CSP) =>
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', csp)
    .header('x-robots-tag', 'noindex')
    .send(html)

function mailPage(mail: MailRow): string {
  const rows: [string, string][] = [
    ['Subject', mail.subject],
    ['From', mail.sender],
    ['Reply-To', mail.replyTo ?? ''],
    ['To', mail.recipient],
    ['Message-ID', mail.messageId],
    ['Language', mail.languageCode],
    ['Kind', mail.kind],
    ['Dedupe key', mail.dedupeKey],
    ['State', `${mail.state} (attempts: ${mail.attempts})`],
    ['Queued', mail.createdAt],
    ['Sent or kept', mail.sentAt ?? ''],
    ['SMTP answer', mail.smtpResponse ?? ''],
    ['Last error', mail.lastError ?? ''],
  ]
  return page(
    mail.subject,
    `<p><a href="/dev/mail/">← All mails</a></p><h1>${escapeHtml(mail.subject)}</h1>
<table>${rows.map(([k, v]) => `<tr><th scope="row">${k}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>
<h2>HTML</h2><iframe src="/dev/mail/${mail.id}/html" sandbox="allow-popups allow-popups-to-escape-sandbox" title="The mail's HTML"></iframe>
<h2>Plain text</h2><pre>${escapeHtml(mail.text)}</pre>`,
  )
}

export async function devMailRoutes(app: ZodApp, { config, database: { db } }: AppContext) {
  if (config.NODE_ENV === 'production') return

  app.get('/dev/mail', (_request, reply) => reply.redirect('/dev/mail/'))

  app.get('/dev/mail/', async (_request, reply) => {
    const mails = await listMails(db, LIST_LIMIT)
    const rows = mails.map(
      (m) =>
        `<tr><td><a href="/dev/mail/${m.id}">${m.id}</a></td><td>${escapeHtml(m.createdAt)}</td>` +
        `<td class="state-${m.state}">${m.state}</td><td>${escapeHtml(m.recipient)}</td>` +
        `<td><a href="/dev/mail/${m.id}">${escapeHtml(m.subject)}</a></td><td>${escapeHtml(m.kind)}</td>` +
        `<td>${escapeHtml(m.languageCode)}</td><td>${m.siteId}</td></tr>`,
    )
    const table = mails.length
      ? `<table><thead><tr><th>#</th><th>Queued</th><th>State</th><th>To</th><th>Subject</th><th>Kind</th><th>Language</th><th>Site</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
      : '<p>No mails yet.</p>'
    const mode = config.SMTP_URL
      ? 'Mails are sent over SMTP.'
      : 'No SMTP_URL: mails are kept in the database, not sent.'
    return sendHtml(reply, page('Mail outbox', `<h1>Mail outbox</h1><p>${mode} The newest ${LIST_LIMIT}.</p>${table}`))
  })

  app.get('/dev/mail/:id', { schema: { params: IdParamsSchema } }, async (request, reply) => {
    const mail = await findMail(db, request.params.id)
    if (!mail) return sendHtml(reply.status(404), page('No such mail', '<h1>No such mail</h1>'))
    return sendHtml(reply, mailPage(mail))
  })

  app.get('/dev/mail/:id/html', { schema: { params: IdParamsSchema } }, async (request, reply) => {
    const mail = await findMail(db, request.params.id)
    if (!mail) return sendHtml(reply.status(404), page('No such mail', '<h1>No such mail</h1>'))
    return sendHtml(reply, mail.html, MAIL_DOCUMENT_CSP)
  })
}
