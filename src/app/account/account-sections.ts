// The account area's sections (spec §2, and reviews), in the order the navigation and the overview show them.
export interface AccountSection {
  /** The path under /account/. */
  page: string
  /** The navigation's label and the overview tile's title. */
  navKey: `account.nav.${string}`
  /** The overview tile's short line. */
  lineKey: `account.overview.${string}`
}

export const ACCOUNT_SECTIONS: readonly AccountSection[] = [
  { page: 'information', navKey: 'account.nav.information', lineKey: 'account.overview.information' },
  { page: 'orders', navKey: 'account.nav.orders', lineKey: 'account.overview.orders' },
  { page: 'invoices', navKey: 'account.nav.invoices', lineKey: 'account.overview.invoices' },
  { page: 'returns', navKey: 'account.nav.returns', lineKey: 'account.overview.returns' },
  { page: 'reviews', navKey: 'account.nav.reviews', lineKey: 'account.overview.reviews' },
  { page: 'rqs-results', navKey: 'account.nav.rqsResults', lineKey: 'account.overview.rqsResults' },
  { page: 'subscriptions', navKey: 'account.nav.subscriptions', lineKey: 'account.overview.subscriptions' },
]
