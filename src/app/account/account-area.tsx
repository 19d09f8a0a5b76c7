// The account layout (`layout: 'account'`): the shop's header and footer, and around the page the account's
// navigation: overview, information, orders, invoices, returns, reviews, scan results (with the unread count),
// subscriptions and sign out. On a phone it is one row to swipe, under the page's title space, so the page itself
// starts near the top; from the tablet width a column beside the page.
import './account.css'
import { useAtomValue } from 'jotai'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, NavLink, useLocation, useNavigate } from 'react-router'
import { translateWith } from '../i18n/translate-with.ts'
import { useRootData } from '../root/use-root-data.ts'
import { useServices } from '../services.tsx'
import { accountPath, loginPath } from './access.ts'
import { accountAtom } from './account-state.ts'
import { ACCOUNT_SECTIONS } from './account-sections.ts'
import { signOut } from './sign-out.ts'

export function AccountArea({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const state = useAtomValue(accountAtom)
  const { language } = useRootData()
  const location = useLocation()
  return (
    <div className="account-area">
      <AccountNav />
      <div className="account-area__page">
        {state.status === 'signedIn' ? (
          children
        ) : state.status === 'signedOut' ? (
          // Signed out in another tab, or the session ended: say so, with the way back in.
          <p className="account-notice" role="status">
            {t('account.nav.notSignedIn')}{' '}
            <Link to={loginPath(language.pathPrefix, location.pathname + location.search)}>
              {t('account.nav.signInAgain')}
            </Link>
          </p>
        ) : (
          <p className="account-notice" role="status">
            {t('account.nav.offline')}
          </p>
        )}
      </div>
    </div>
  )
}

function AccountNav() {
  const { t } = useTranslation()
  const state = useAtomValue(accountAtom)
  const { language, site } = useRootData()
  const { api } = useServices()
  const navigate = useNavigate()
  const [leaving, setLeaving] = useState(false)
  const [failed, setFailed] = useState(false)
  const unread = state.status === 'signedIn' ? state.account.unreadQuickscanResults : 0
  const prefix = language.pathPrefix

  const leave = async () => {
    setLeaving(true)
    setFailed(false)
    try {
      await signOut(api, { siteId: site.siteId, languageId: language.languageId })
      void navigate(`${loginPath(prefix)}?s=1`, { replace: true })
    } catch {
      setFailed(true)
    } finally {
      setLeaving(false)
    }
  }

  return (
    <nav className="account-nav" aria-label={t('account.nav.label')}>
      <ul className="account-nav__list">
        <li>
          <NavLink to={accountPath(prefix)} end className="account-nav__link">
            {t('account.nav.overview')}
          </NavLink>
        </li>
        {ACCOUNT_SECTIONS.map((section) => (
          <li key={section.page}>
            <NavLink to={accountPath(prefix, section.page)} className="account-nav__link">
              {translateWith(t)(section.navKey, {})}
              {section.page === 'rqs-results' && unread > 0 && (
                <span className="account-nav__badge">
                  <span aria-hidden="true">{unread}</span>
                  <span className="visually-hidden">{t('account.nav.unread', { count: String(unread) })}</span>
                </span>
              )}
            </NavLink>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="account-nav__link account-nav__sign-out"
            disabled={leaving}
            onClick={() => void leave()}
          >
            {t(leaving ? 'account.nav.signingOut' : 'account.nav.signOut')}
          </button>
        </li>
      </ul>
      {failed && (
        <p className="account-nav__error" role="alert">
          {t('account.nav.signOutFailed')}
        </p>
      )}
    </nav>
  )
}
