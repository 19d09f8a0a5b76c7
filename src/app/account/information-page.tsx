// /account/information/ and /account/information/<action>/ (route name information): the account's personal
// information, company data, billing address and delivery address, each with its edit form, and the e-mail address
// and password changes. The action in the path names the open form: personal, company, address, delivery, email,
// password, and confirm-email for the link mailed to a new address (information-rules.ts); an unknown one goes back
// to the overview. A saved form comes back to the overview
// with what happened ('data changed', 'check your new address', 'password changed').
import '../checkout/checkout.css'
import './account-information.css'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigate, useParams } from 'react-router'
import type { AccountAnswer } from '../../domain/account-api.ts'
import type { Country } from '../../domain/country.ts'
import { siteCountryCode, useDeliveryCountries } from '../checkout/address-fields.tsx'
import { PageHead } from '../content/page-head.tsx'
import { PageHeading } from '../navigation/page-heading.tsx'
import { useRootData } from '../root/use-root-data.ts'
import { useServices } from '../services.tsx'
import { CallStatus } from './account-call-status.tsx'
import { useAccountFormat } from './account-format.ts'
import { AddressForm, DeliveryForm } from './address-form.tsx'
import { CompanyForm, EmailForm, PasswordForm, PersonalForm } from './information-forms.tsx'
import { hasAddress, isInformationAction, type InformationAction } from './information-rules.ts'
import { refreshAccount } from './account-state.ts'
import { useAccountCall } from './use-account-call.ts'
import { EmailConfirm } from './email-confirm.tsx'
import { AddressText } from './address-text.tsx'
import type { Saved } from './information-form-props.ts'

const SAVED_KEYS: readonly string[] = [
  'messages.dataChanged',
  'messages.passwordChanged',
  'messages.emailChanged',
  'account.information.email.sent',
]

/** The history entry's state, when it is what a form left there (a reload keeps it; anything else is ignored). */
function savedOf(state: unknown): Saved | null {
  const candidate = state as Partial<Saved> | null
  if (!candidate || typeof candidate.saved !== 'string' || !SAVED_KEYS.includes(candidate.saved)) return null
  const email = candidate.values?.email
  return { saved: candidate.saved, ...(typeof email === 'string' && { values: { email } }) }
}

const TITLES = {
  personal: 'account.information.personal.edit',
  company: 'account.information.company.edit',
  address: 'account.information.address.edit',
  delivery: 'account.information.delivery.edit',
  email: 'account.information.email.title',
  password: 'account.information.password.title',
  'confirm-email': 'account.information.email.title',
} as const satisfies Record<InformationAction, string>

export function Component() {
  const { t } = useTranslation()
  const { action } = useParams()
  const { site } = useRootData()
  const { api } = useServices()
  const navigate = useNavigate()
  const location = useLocation()
  const format = useAccountFormat()
  const countries = useDeliveryCountries()
  const overview = format.link('information')
  const known = isInformationAction(action) ? action : undefined
  // Read again on every return to the overview, so it shows what was saved.
  const { state, reload } = useAccountCall(`account:${known ?? ''}`, (signal) => api.account(signal))

  useEffect(() => {
    if (action !== undefined && !known) void navigate(overview, { replace: true })
  }, [action, known, navigate, overview])

  const saved = known ? null : savedOf(location.state)
  const account = state.status === 'ready' ? state.data : null
  // Adding what the account does not have yet is said so.
  const title =
    known === 'company' && account && !account.company
      ? t('account.information.company.add')
      : known === 'address' && account && !hasAddress(account.billing)
        ? t('account.information.address.add')
        : known
          ? t(TITLES[known])
          : t('account.information.title')
  // A form's address fields need the countries (the overview names them when they come).
  const props =
    state.status === 'ready' && (!known || countries.length > 0)
      ? {
          account: state.data,
          countries,
          siteCountry: siteCountryCode(countries, site.countryId),
          overview,
          done: (next: Saved) => {
            // The header and the account's other pages show the account as it is now.
            void refreshAccount(api).catch(() => undefined)
            void navigate(overview, { state: next })
          },
        }
      : null

  return (
    <article className="account-information">
      <PageHead title={`${title} | ${site.brandName}`} noIndex />
      {known && (
        <p className="account-information__back">
          <Link to={overview}>{t('account.information.back')}</Link>
        </p>
      )}
      <PageHeading>{title}</PageHeading>
      {saved && (
        <p className="account-information__saved" role="status">
          {saved.values ? t(saved.saved, saved.values) : t(saved.saved)}
        </p>
      )}
      {known === 'confirm-email' ? (
        <EmailConfirm overview={overview} />
      ) : !props ? (
        <CallStatus state={state.status === 'ready' ? { status: 'loading' } : state} retry={reload} />
      ) : known === 'personal' ? (
        <PersonalForm {...props} />
      ) : known === 'company' ? (
        <CompanyForm {...props} />
      ) : known === 'address' ? (
        <AddressForm {...props} />
      ) : known === 'delivery' ? (
        <DeliveryForm {...props} />
      ) : known === 'email' ? (
        <EmailForm {...props} />
      ) : known === 'password' ? (
        <PasswordForm {...props} />
      ) : (
        <Overview account={props.account} countries={countries} />
      )}
    </article>
  )
}

function Overview({ account, countries }: { account: AccountAnswer; countries: readonly Country[] }) {
  const { t } = useTranslation()
  const format = useAccountFormat()
  const edit = (action: InformationAction, label: string) => (
    <Link className="account-information__edit" to={format.link('information', action)}>
      {label}
    </Link>
  )
  return (
    <div className="account-information__sections">
      <section className="info-card" aria-labelledby="info-personal">
        <h2 id="info-personal">{t('account.information.personal.title')}</h2>
        <dl>
          <dt>{t('account.information.name')}</dt>
          <dd>{`${account.firstName} ${account.lastName}`.trim() || '—'}</dd>
          <dt>{t('checkout.billing.email')}</dt>
          <dd className="info-card__email">{account.emailAddress}</dd>
          <dt>{t('checkout.billing.phone')}</dt>
          <dd>{account.phoneNumber || '—'}</dd>
        </dl>
        <div className="info-card__actions">
          {edit('personal', t('account.information.personal.edit'))}
          {edit('email', t('account.information.email.title'))}
          {edit('password', t('account.information.password.title'))}
        </div>
      </section>

      <section className="info-card" aria-labelledby="info-company">
        <h2 id="info-company">{t('account.information.company.title')}</h2>
        {account.company ? (
          <dl>
            <dt>{t('checkout.billing.companyName')}</dt>
            <dd>{account.company.companyName}</dd>
            <dt>{t('checkout.billing.vatNumber')}</dt>
            <dd>{account.company.vatNumber || '—'}</dd>
          </dl>
        ) : (
          <p>{t('account.information.company.none')}</p>
        )}
        <div className="info-card__actions">
          {edit('company', t(account.company ? 'account.information.company.edit' : 'account.information.company.add'))}
        </div>
      </section>

      <section className="info-card" aria-labelledby="info-address">
        <h2 id="info-address">{t('account.information.address.title')}</h2>
        {hasAddress(account.billing) ? (
          <AddressText address={account.billing} countries={countries} />
        ) : (
          <p>{t('account.information.address.none')}</p>
        )}
        <div className="info-card__actions">
          {edit(
            'address',
            t(hasAddress(account.billing) ? 'account.information.address.edit' : 'account.information.address.add'),
          )}
        </div>
      </section>

      <section className="info-card" aria-labelledby="info-delivery">
        <h2 id="info-delivery">{t('account.information.delivery.title')}</h2>
        {account.alternativeShippingAddress && hasAddress(account.shipping) ? (
          <AddressText address={account.shipping} countries={countries} />
        ) : (
          <p>{t('account.information.delivery.sameAsBilling')}</p>
        )}
        <div className="info-card__actions">{edit('delivery', t('account.information.delivery.edit'))}</div>
      </section>
    </div>
  )
}
