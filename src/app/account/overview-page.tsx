// The account's overview (`/account/`): a greeting by name, and a tile per section with a line on what it holds;
// the scan results' tile says how many are unread.
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { PageHead } from '../content/page-head.tsx'
import { translateWith } from '../i18n/translate-with.ts'
import { PageHeading } from '../navigation/page-heading.tsx'
import { useRootData } from '../root/use-root-data.ts'
import { accountPath } from './access.ts'
import { ACCOUNT_SECTIONS } from './account-sections.ts'
import { useAccount } from './account-state.ts'

export function Component() {
  const { t } = useTranslation()
  const text = translateWith(t)
  const { site, language } = useRootData()
  const account = useAccount()
  if (!account) return null
  const name = account.firstName.trim()
  const unread = account.unreadQuickscanResults
  return (
    <article className="account-overview">
      <PageHead title={`${t('account.overview.title')} | ${site.brandName}`} noIndex />
      <PageHeading>{name ? t('account.overview.greeting', { name }) : t('account.overview.title')}</PageHeading>
      <p className="account-overview__intro">{t('account.overview.intro', { email: account.emailAddress })}</p>
      <ul className="account-tiles">
        {ACCOUNT_SECTIONS.map((section) => (
          <li key={section.page}>
            <Link className="account-tile" to={accountPath(language.pathPrefix, section.page)}>
              <span className="account-tile__title">{text(section.navKey, {})}</span>
              <span className="account-tile__line">{text(section.lineKey, {})}</span>
              {section.page === 'rqs-results' && unread > 0 && (
                <span className="account-tile__badge">{t('account.overview.unread', { count: String(unread) })}</span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </article>
  )
}
