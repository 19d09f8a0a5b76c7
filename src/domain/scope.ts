// Whose shop something is about (an API call, a page, the device's catalogue, a queued change): a site and one of
// its languages. The browser sends it with every call; the device keeps its data apart by it.
import type { LanguageCode } from './language-codes.ts'

export interface ShopScope {
  siteId: number
  languageId: number
  /** The language's code, for texts and formats ('nl', 'fr-BE' …). */
  language: LanguageCode
}

/** The ids alone, as the API takes them. */
export type ScopeIds = Pick<ShopScope, 'siteId' | 'languageId'>

/** One key per site and language, for what the device stores per scope. */
export const scopeKey = (scope: ScopeIds) => `${scope.siteId}:${scope.languageId}`
