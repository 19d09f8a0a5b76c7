import { z } from 'zod'
import { IdSchema } from './ids.ts'
import { LinkSchema } from './site.ts'

// Content the app shell renders: content pages with ordered blocks, FAQ, navigations, footer, USPs, notifications.
// Text is plain (paragraphs), never HTML, so nothing from the database is injected into a page as markup.

const Text = z.string().min(1)

export const ContentBlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hero'), title: Text, text: z.string(), link: LinkSchema.nullable() }),
  z.object({ type: z.literal('text'), title: z.string().nullable(), paragraphs: z.array(Text).min(1) }),
  z.object({ type: z.literal('linkList'), title: Text, links: z.array(LinkSchema).min(1) }),
  z.object({ type: z.literal('callToAction'), text: Text, link: LinkSchema }),
  /** The products of a product group with their prices (from the catalogue when the page shows) and where to order. */
  z.object({
    type: z.literal('productOffer'),
    title: Text,
    text: z.string(),
    productGroup: z.string().min(1).max(60),
    link: LinkSchema,
  }),
  z.object({ type: z.literal('customerService') }),
  z.object({ type: z.literal('faq'), faqIds: z.array(IdSchema) }),
])
export type ContentBlock = z.infer<typeof ContentBlockSchema>
export const ContentBlocksSchema = z.array(ContentBlockSchema)

export const FaqItemSchema = z.object({
  faqItemId: IdSchema,
  question: Text,
  answer: z.array(Text).min(1),
  path: z.string(),
})
export type FaqItem = z.infer<typeof FaqItemSchema>

export const FaqSchema = z.object({
  faqId: IdSchema,
  title: Text,
  path: z.string(),
  items: z.array(FaqItemSchema),
})
export type Faq = z.infer<typeof FaqSchema>

export const ContentPageSchema = z.object({
  contentPageId: IdSchema,
  siteId: IdSchema,
  languageId: IdSchema,
  key: z.string(),
  path: z.string().nullable(),
  title: Text,
  seoTitle: Text,
  seoDescription: z.string(),
  blocks: ContentBlocksSchema,
  faqs: z.array(FaqSchema),
})
export type ContentPage = z.infer<typeof ContentPageSchema>

export type NavigationItem = z.infer<typeof LinkSchema> & { children: NavigationItem[] }
export const NavigationItemSchema: z.ZodType<NavigationItem> = LinkSchema.extend({
  get children() {
    return z.array(NavigationItemSchema).max(50)
  },
})
export const NavigationItemsSchema = z.array(NavigationItemSchema)

export const NavigationSchema = z.object({
  navigationId: IdSchema,
  kind: z.enum(['primary', 'secondary']),
  items: NavigationItemsSchema,
})
export type Navigation = z.infer<typeof NavigationSchema>

export const FooterContentSchema = z.object({
  columns: z.array(z.object({ title: Text, links: z.array(LinkSchema) })),
  bottomLinks: z.array(LinkSchema),
  text: z.string(),
})
export const FooterSchema = FooterContentSchema.extend({ footerId: IdSchema })
export type Footer = z.infer<typeof FooterSchema>

export const UspSchema = z.object({ text: Text, link: LinkSchema.nullable() })
export const UspListSchema = z.array(UspSchema)
export const UspCollectionSchema = z.object({
  uspCollectionId: IdSchema,
  kind: z.enum(['header', 'cart']),
  usps: UspListSchema,
})
export type UspCollection = z.infer<typeof UspCollectionSchema>

export const NotificationSchema = z.object({
  notificationId: IdSchema,
  severity: z.enum(['info', 'warning']),
  text: Text,
  link: LinkSchema.nullable(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime().nullable(),
})
export type Notification = z.infer<typeof NotificationSchema>

/** Whether something that runs from `startsAt` until (not including) `endsAt` runs at `now`. */
export function isRunningAt(period: { startsAt: string; endsAt: string | null }, now: Date): boolean {
  const at = now.getTime()
  return Date.parse(period.startsAt) <= at && (period.endsAt === null || at < Date.parse(period.endsAt))
}
