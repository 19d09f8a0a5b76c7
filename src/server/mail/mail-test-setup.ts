// For the mail tests: a real SMTP server (smtp-server) on 127.0.0.1 that parses what it receives (mailparser), and
// can be told to answer the next message or recipient with an error, as a busy or refusing mail server does.
import type { AddressInfo } from 'node:net'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface SmtpListener {
  /** The SMTP_URL to reach it. */
  url: string
  received: ParsedMail[]
  /** Answers the next message's DATA with this code (e.g. 451: try later; 554: refused). */
  failNextMessage(code: number, message?: string): void
  /** Refuses the next recipient with this code (e.g. 550: no such user). */
  refuseNextRecipient(code: number, message?: string): void
  close(): Promise<void>
}

const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code })

export async function startSmtpListener(): Promise<SmtpListener> {
  const received: ParsedMail[] = []
  const messageFailures: Error[] = []
  const recipientFailures: Error[] = []
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    // No reverse DNS of the client (127.0.0.1): without a resolver that answers it costs each connection a wait.
    disableReverseLookup: true,
    // A test that closes the listener before the app's pooled connections waits a moment, not smtp-server's 30 s.
    closeTimeout: 1000,
    authOptional: true,
    logger: false,
    onRcptTo: (_address, _session, callback) => callback(recipientFailures.shift() ?? null),
    onData: (stream, _session, callback) => {
      const failure = messageFailures.shift()
      if (failure) {
        stream.resume()
        stream.on('end', () => callback(failure))
        return
      }
      simpleParser(stream)
        .then((mail) => {
          received.push(mail)
          callback()
        })
        .catch((error: Error) => callback(error))
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    failNextMessage: (code, message = 'Try again later') => messageFailures.push(smtpError(code, message)),
    refuseNextRecipient: (code, message = 'No such user here') => recipientFailures.push(smtpError(code, message)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The href of the first link in a mail's HTML whose text contains `label`. */
export function linkOf(html: string, label: string): string | undefined {
  for (const match of html.matchAll(/<a\b[^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/g)) {
    if (match[2]!.replace(/<[^>]+>/g, '').includes(label)) return match[1]!.replace(/&amp;/g, '&')
  }
  return undefined
}
