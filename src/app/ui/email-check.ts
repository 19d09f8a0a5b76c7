// The forms that take only an e-mail address (the footer's newsletter, notify-me) check it by the domain's rule, which
// loads when the form is sent so zod stays off every first page. Offline before that module was kept, it cannot load:
// the form then says it needs the network rather than failing silently.

export type EmailCheck = { address: string } | { problem: 'invalid' | 'unreachable' }

export async function checkEmail(text: string): Promise<EmailCheck> {
  const rule = await import('../../domain/email.ts').catch(() => null)
  if (!rule) return { problem: 'unreachable' }
  const parsed = rule.EmailAddressSchema.safeParse(text.trim())
  return parsed.success ? { address: parsed.data } : { problem: 'invalid' }
}
