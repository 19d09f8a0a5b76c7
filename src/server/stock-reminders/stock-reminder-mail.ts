// What a restock sends: the reminder mail (the product, its price, a button to it, the cancel link) and the push
// message (title, text, image and the page a tap opens), in the requester's language.
import { formatMoney } from '../../domain/locale.ts'
import type { CurrencyCode } from '../../domain/currency.ts'
import type { CatalogueProduct } from '../../domain/product.ts'
import { productImageUrl } from '../../domain/product-images.ts'
import type { PushMessage } from '../../domain/stock-reminders.ts'
import type { LanguageCode } from '../../domain/language-codes.ts'
import type { Brand } from '../../domain/locale.ts'
import { variantLabel } from '../../domain/variant-label.ts'
import { translate } from '../i18n.ts'
import { mailText, type MailContent, type MailLayout, type MailTextKey } from '../mail/mail-templates.ts'

/** A product as the reminder shows it: the variant that is back, its price and where to order it. */
export interface RestockedProduct {
  productName: string
  variantName: string
  priceCents: number
  currency: CurrencyCode
  /** The variant's page, from the site's root. */
  path: string
  imageName: string
}

export function restockedProduct(
  product: CatalogueProduct,
  variantId: number,
  { currency, language }: { currency: CurrencyCode; language: LanguageCode },
): RestockedProduct | null {
  const variant = product.variants.find((v) => v.productVariantId === variantId)
  if (!variant) return null
  return {
    productName: product.name,
    variantName: variantLabel((key, params) => translate(language, key, params), variant, language),
    priceCents: variant.price,
    currency,
    path: variant.path,
    imageName: product.image.name,
  }
}

export function stockReminderBack(
  layout: MailLayout,
  product: RestockedProduct,
  { productUrl, cancelUrl }: { productUrl: string; cancelUrl: string },
): MailContent {
  const t = (key: MailTextKey, params: Record<string, string> = {}) =>
    mailText(layout.language, key, { product: product.productName, ...params })
  return {
    subject: t('stockReminderBack.subject'),
    preview: t('stockReminderBack.preview'),
    heading: t('stockReminderBack.heading'),
    paragraphs: [t('stockReminderBack.intro'), t('stockReminderBack.once')],
    details: [
      {
        title: product.productName,
        rows: [
          {
            label: product.variantName,
            value: formatMoney(product.priceCents, product.currency, layout.language),
            strong: true,
          },
        ],
      },
    ],
    button: { label: t('stockReminderBack.button'), href: productUrl },
    footerNote: {
      text: t('stockReminderBack.cancelNote'),
      link: { label: t('stockReminderBack.cancelLink'), href: cancelUrl },
    },
  }
}

/** The push message of a restock; the service worker shows it as it is. */
export function stockReminderPush(
  { language, brand }: { language: LanguageCode; brand: Brand },
  product: RestockedProduct,
  variantId: number,
): PushMessage {
  const price = formatMoney(product.priceCents, product.currency, language)
  return {
    kind: 'stockReminder',
    title: mailText(language, 'stockReminderPush.title', { product: product.productName }),
    body: mailText(language, 'stockReminderPush.body', { variant: product.variantName, price }),
    icon: productImageUrl(product.imageName, 'front', 320),
    badge: `/icons/${brand}-badge-96.png`,
    url: product.path,
    tag: `stock-reminder-${variantId}`,
    lang: language,
  }
}
