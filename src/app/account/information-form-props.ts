// What every form of the information page gets (information-page.tsx), and what a saved form tells the overview.
import type { AccountAnswer } from '../../domain/account-api.ts'
import type { Country } from '../../domain/country.ts'

/** A message key and its values, kept in the history entry of the overview a saved form returns to. */
export interface Saved {
  saved:
    'messages.dataChanged' | 'messages.passwordChanged' | 'messages.emailChanged' | 'account.information.email.sent'
  values?: { email: string }
}

export interface InformationFormProps {
  account: AccountAnswer
  countries: readonly Country[]
  siteCountry: string
  /** The form was saved: back to the overview with this message. */
  done: (saved: Saved) => void
  /** The overview's path: where "cancel" goes. */
  overview: string
}
