import { z } from 'zod'
import { LanguageCodeSchema } from '../../../domain/languages.ts'

// The shape of the content seed files in `content/`: one file per language and brand with every text a site shows
// (pages, FAQ, navigations, footer, USPs, notification, customer-service texts). The seed loader instantiates a
// template for each site that speaks the language, filling {brand}, {phone} and {email} from the site.

export const PAGE_KEYS = [
  'home',
  'customerService',
  'faq',
  'about',
  'delivery',
  'returns',
  'privacy',
  'terms',
  'rqs',
  'notFound',
  'internalError',
  'checkoutSuccess',
  'checkoutSuccessRqs',
  'checkoutFailed',
] as const
export const PageKeySchema = z.enum(PAGE_KEYS)
export type PageKey = z.infer<typeof PageKeySchema>

const Text = z.string().min(1)
/** A path of the site without language prefix: lower case, starts and ends with '/'. */
const Path = z.string().regex(/^\/([a-z0-9\u00C0-\u024F-]+\/)*$/, 'a lower-case path that starts and ends with /')
const Slug = z.string().regex(/^[a-z0-9\u00C0-\u024F-]+$/, 'a lower-case slug')

/** A link to one of the template's pages (`page`) or to any other path or URL (`href`). */
export const TemplateLinkSchema = z.union([
  z.object({ title: Text, page: PageKeySchema }).strict(),
  z.object({ title: Text, href: Text, target: z.enum(['_self', '_blank']).optional() }).strict(),
])
export type TemplateLink = z.infer<typeof TemplateLinkSchema>

export const TemplateBlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hero'), title: Text, text: z.string(), link: TemplateLinkSchema.nullable() }).strict(),
  z.object({ type: z.literal('text'), title: z.string().nullable(), paragraphs: z.array(Text).min(1) }).strict(),
  z.object({ type: z.literal('linkList'), title: Text, links: z.array(TemplateLinkSchema).min(1) }).strict(),
  z.object({ type: z.literal('callToAction'), text: Text, link: TemplateLinkSchema }).strict(),
  z
    .object({
      type: z.literal('productOffer'),
      title: Text,
      text: z.string(),
      productGroup: Slug,
      link: TemplateLinkSchema,
    })
    .strict(),
  z.object({ type: z.literal('customerService') }).strict(),
  z.object({ type: z.literal('faq') }).strict(),
])
export type TemplateBlock = z.infer<typeof TemplateBlockSchema>

export const TemplatePageSchema = z
  .object({ path: Path, title: Text, seoTitle: Text, seoDescription: Text, blocks: z.array(TemplateBlockSchema) })
  .strict()

type NavItem = TemplateLink & { children?: NavItem[] }
const TemplateNavItemSchema: z.ZodType<NavItem> = z.union([
  z.object({
    title: Text,
    page: PageKeySchema,
    get children() {
      return z.array(TemplateNavItemSchema).optional()
    },
  }),
  z.object({
    title: Text,
    href: Text,
    target: z.enum(['_self', '_blank']).optional(),
    get children() {
      return z.array(TemplateNavItemSchema).optional()
    },
  }),
])

const UspSchema = z.object({ text: Text, link: TemplateLinkSchema.nullable() }).strict()

export const ContentTemplateSchema = z
  .object({
    language: LanguageCodeSchema,
    brand: z.enum(['main', 'second', 'corporate']),
    pages: z.record(PageKeySchema, TemplatePageSchema),
    faqs: z.array(
      z
        .object({
          slug: Slug,
          title: Text,
          items: z.array(z.object({ slug: Slug, question: Text, answer: z.array(Text).min(1) }).strict()).min(1),
        })
        .strict(),
    ),
    redirects: z.array(
      z.object({ from: Path, to: z.union([PageKeySchema, Path]), status: z.union([z.literal(301), z.literal(302)]) }),
    ),
    primaryNavigation: z.array(TemplateNavItemSchema),
    secondaryNavigation: z.array(TemplateNavItemSchema),
    footer: z
      .object({
        columns: z.array(z.object({ title: Text, links: z.array(TemplateLinkSchema) }).strict()),
        bottomLinks: z.array(TemplateLinkSchema),
        text: Text,
      })
      .strict(),
    headerUsps: z.array(UspSchema).min(1),
    cartUsps: z.array(UspSchema).min(1),
    notification: z.object({ severity: z.enum(['info', 'warning']), text: Text, link: TemplateLinkSchema.nullable() }),
    site: z
      .object({
        customerServiceTitle: Text,
        customerServiceTextBottom: Text,
        openingHours: z.array(z.object({ days: Text, hours: Text }).strict()).min(1),
        dealerPageTitle: Text,
        becomeDealerLinkTitle: Text,
        currencyConversionDisclaimerTitle: Text,
        rqsLinkTitle: Text,
        phoneLinkTitle: Text,
      })
      .strict(),
  })
  .strict()
export type ContentTemplate = z.infer<typeof ContentTemplateSchema>

/** Second-brand files hold only what differs from the main brand's file of the same language. */
export const ContentOverlaySchema = ContentTemplateSchema.partial()
  .extend({
    language: LanguageCodeSchema,
    brand: z.literal('second'),
    pages: z.record(z.string(), TemplatePageSchema).optional(),
  })
  .strict()
export type ContentOverlay = z.infer<typeof ContentOverlaySchema>
