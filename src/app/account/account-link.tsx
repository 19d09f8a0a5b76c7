// The header's account entry: an icon and a label, to the account when signed in and to the login page when not.
// Both labels sit in one grid cell (the other one hidden), so the header keeps its width when the state becomes known
// after the page has rendered: the server renders every public page the same for everyone (the page is cached), and
// the browser asks who is signed in once it runs.
import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'
import { useRootData } from '../root/use-root-data.ts'
import { accountPath } from './access.ts'
import { useAccountState } from './account-state.ts'
import { AccountIcon } from '../ui/icons.tsx'

/** `place`: in the header's bar, or first in the opened menu (narrow phones, where the bar is full). */
export function AccountLink({ place, onFollow }: { place: 'bar' | 'menu'; onFollow?: () => void }) {
  const { t } = useTranslation()
  const { language } = useRootData()
  const state = useAccountState()
  const signedIn = state.status === 'signedIn'
  const label = signedIn ? t('header.account') : t('header.accountSignIn')
  return (
    <NavLink
      to={accountPath(language.pathPrefix, signedIn ? '' : 'login')}
      className="entry-point entry-point--account"
      aria-label={label}
      data-signed-in={signedIn}
      data-place={place}
      onClick={onFollow}
    >
      <AccountIcon className="entry-point__icon" />
      <span className="entry-point__label entry-point__label--stack" aria-hidden="true">
        <span data-shown={signedIn}>{t('header.account')}</span>
        <span data-shown={!signedIn}>{t('header.accountSignIn')}</span>
      </span>
    </NavLink>
  )
}
