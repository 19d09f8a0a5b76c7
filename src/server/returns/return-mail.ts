// The mail that confirms a return report: what was reported, its reference and what happens next (customer service
// answers; nothing is to be sent back before that), in the language the report was made in.
import type { ReturnReason } from '../../domain/returns.ts'
import { mailText, type MailContent, type MailLayout, type MailTextKey } from '../mail/mail-templates.ts'

export interface ReturnMailFacts {
  returnId: number
  orderNumber: number
  product: string
  quantity: number
  reason: ReturnReason
  text: string
  hasPhoto: boolean
  /** The account's return reports in the app. */
  link: string
}

const REASON_KEYS: Record<ReturnReason, MailTextKey> = {
  damaged: 'returnReceived.reasonDamaged',
  wrongProduct: 'returnReceived.reasonWrongProduct',
  notAsExpected: 'returnReceived.reasonNotAsExpected',
  other: 'returnReceived.reasonOther',
}

/** The report's reference as customer service and the customer name it: 'R000042'. */
export const returnReference = (returnId: number) => `R${String(returnId).padStart(6, '0')}`

export function returnReceived(layout: MailLayout, facts: ReturnMailFacts): MailContent {
  const t = (key: MailTextKey, params: Record<string, string> = {}) => mailText(layout.language, key, params)
  const number = String(facts.orderNumber)
  const params = { number, product: facts.product, brand: layout.brandName }
  return {
    subject: t('returnReceived.subject', params),
    preview: t('returnReceived.preview', params),
    heading: t('returnReceived.heading'),
    paragraphs: [t('returnReceived.intro', params), t('returnReceived.keep')],
    details: [
      {
        title: t('returnReceived.detailsTitle'),
        rows: [
          { label: t('returnReceived.reference'), value: returnReference(facts.returnId), strong: true },
          { label: t('returnReceived.order'), value: number },
          { label: t('returnReceived.product'), value: facts.product },
          { label: t('returnReceived.quantity'), value: String(facts.quantity) },
          { label: t('returnReceived.reason'), value: t(REASON_KEYS[facts.reason]) },
          ...(facts.text ? [{ label: t('returnReceived.text'), value: facts.text }] : []),
          ...(facts.hasPhoto ? [{ label: t('returnReceived.photo'), value: t('returnReceived.photoAttached') }] : []),
        ],
      },
    ],
    button: { label: t('returnReceived.button'), href: facts.link },
  }
}
