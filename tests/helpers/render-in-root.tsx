// Renders a part of a page in jsdom the way the app shows it: inside the root route (its data: site, language,
// locale), with the language's texts, jotai state and the app's services (an API that finds no server).
import { render } from '@testing-library/react'
import { Provider as JotaiProvider } from 'jotai'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router'
import { createShopApi } from '../../src/app/api/shop-api.ts'
import { createI18n, type Messages } from '../../src/app/i18n/i18n.ts'
import type { RootData } from '../../src/app/root/root.data.ts'
import type { AppServices } from '../../src/app/router-context.ts'
import { ServicesProvider } from '../../src/app/services.tsx'
import type { LanguageCode } from '../../src/domain/languages.ts'
import nl from '../../locales/nl.json' with { type: 'json' }
import { rootDataFixture } from './root-data.ts'

// No server, no scope, no site of a domain: enough for a part rendered alone (asserted, so it need not name them all).
const services = {
  api: createShopApi(async () => ({ status: 503, body: null, headers: new Headers() })),
  visitorCountry: null,
  prepareLocale: async () => undefined,
  scope: null,
  domainSite: null,
} as AppServices

/** `element` on the Dutch site, or in another language with that language's texts. */
export function renderInRoot(
  element: ReactNode,
  { language = 'nl', messages = nl }: { language?: LanguageCode; messages?: Messages } = {},
) {
  const fixture = rootDataFixture()
  const data: RootData = { ...fixture, locale: { ...fixture.locale, locale: language, language } }
  const router = createMemoryRouter(
    [{ id: 'root', path: '/', loader: () => data, Component: Outlet, children: [{ index: true, element }] }],
    { hydrationData: { loaderData: { root: data } } },
  )
  return render(
    <JotaiProvider>
      <I18nextProvider i18n={createI18n({ language, messages })}>
        <ServicesProvider services={services}>
          <RouterProvider router={router} />
        </ServicesProvider>
      </I18nextProvider>
    </JotaiProvider>,
  )
}
