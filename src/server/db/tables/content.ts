// Content pages and FAQs, the URL table, navigations, footers, USPs and notifications.
import type { Bool } from './columns.ts'

export interface ContentPageTable {
  id: number
  siteId: number
  key: string
}

export interface ContentPageTextTable {
  contentPageId: number
  languageId: number
  title: string
  seoTitle: string
  seoDescription: string
  blocks: string
}

export interface FaqTable {
  id: number
  contentPageId: number
  position: number
}

export interface FaqTextTable {
  faqId: number
  languageId: number
  title: string
}

export interface FaqItemTable {
  id: number
  faqId: number
  position: number
}

export interface FaqItemTextTable {
  faqItemId: number
  languageId: number
  question: string
  answer: string
}

export interface UrlTable {
  siteId: number
  path: string
  languageId: number
  kind: string
  routeKey: string | null
  target: string
  isCanonical: Bool
}

export interface NavigationTable {
  id: number
  siteId: number
  kind: 'primary' | 'secondary'
}

export interface NavigationTextTable {
  navigationId: number
  languageId: number
  items: string
}

export interface FooterTable {
  id: number
  siteId: number
}

export interface FooterTextTable {
  footerId: number
  languageId: number
  content: string
}

export interface UspCollectionTable {
  id: number
  siteId: number
  kind: 'header' | 'cart'
}

export interface UspCollectionTextTable {
  uspCollectionId: number
  languageId: number
  usps: string
}

export interface NotificationTable {
  id: number
  siteId: number
  severity: 'info' | 'warning'
  startsAt: string
  endsAt: string | null
}

export interface NotificationTextTable {
  notificationId: number
  languageId: number
  text: string
  link: string | null
}

export interface ContentTables {
  contentPages: ContentPageTable
  contentPageTexts: ContentPageTextTable
  faqs: FaqTable
  faqTexts: FaqTextTable
  faqItems: FaqItemTable
  faqItemTexts: FaqItemTextTable
  urls: UrlTable
  navigations: NavigationTable
  navigationTexts: NavigationTextTable
  footers: FooterTable
  footerTexts: FooterTextTable
  uspCollections: UspCollectionTable
  uspCollectionTexts: UspCollectionTextTable
  notifications: NotificationTable
  notificationTexts: NotificationTextTable
}
