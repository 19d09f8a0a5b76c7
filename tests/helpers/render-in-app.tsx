// Renders a part of the app in jsdom as the app has it: under the root route (its data), with the texts of a
// language, the services, and the jotai state given by the test.
import { render } from '@testing-library/react'
import { createStore, Provider, useSetAtom, type WritableAtom } from 'jotai'
import { useEffect, type ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { createShopApi } from '../../src/app/api/shop-api.ts'
import { cartViewAtom } from '../../src/app/cart/cart-state.ts'
import { watchCartView } from '../../src/browser/cart-store.ts'
import { createI18n, type Messages } from '../../src/app/i18n/i18n.ts'
import type { RootData } from '../../src/app/root/root.data.ts'
import type { AppServices } from '../../src/app/router-context.ts'
import { ServicesProvider } from '../../src/app/services.tsx'
import type { LanguageCode } from '../../src/domain/language-codes.ts'
import nl from '../../locales/nl.json' with { type: 'json' }
import { rootDataFixture } from './root-data.ts'

export const noServer: AppServices = {
  // Calls of side parts (the cart's USPs and recommendations) find no server here and are left out.
  api: createShopApi(async () => ({ status: 503, body: null, headers: new Headers() })),
  visitorCountry: null,
  prepareLocale: async () => undefined,
  scope: null,
  domainSite: null,
}

export interface RenderOptions {
  data?: RootData
  language?: LanguageCode
  messages: Messages
  store?: ReturnType<typeof createStore>
  path?: string
  /** The services (the API) the part finds; by default none that answer. */
  services?: AppServices
}

export function renderInApp(node: ReactNode, options: RenderOptions) {
  const data = options.data ?? rootDataFixture()
  const store = options.store ?? createStore()
  const router = createMemoryRouter([{ id: 'root', path: '*', loader: () => data, Component: () => node }], {
    initialEntries: [options.path ?? '/'],
    hydrationData: { loaderData: { root: data } },
  })
  const i18n = createI18n({ language: options.language ?? 'nl', messages: options.messages })
  return render(
    <I18nextProvider i18n={i18n}>
      <ServicesProvider services={options.services ?? noServer}>
        <Provider store={store}>
          <RouterProvider router={router} />
        </Provider>
      </ServicesProvider>
    </I18nextProvider>,
  )
}

/** `node` on the Dutch site, or with another language's locale and texts. */
export function renderInRoot(
  node: ReactNode,
  { language = 'nl', messages = nl }: { language?: LanguageCode; messages?: Messages } = {},
) {
  const fixture = rootDataFixture()
  const data: RootData = { ...fixture, locale: { ...fixture.locale, locale: language, language } }
  return renderInApp(node, { data, language, messages })
}

/** A store with these atoms set. */
export function storeWith(...values: [WritableAtom<unknown, [never], unknown>, unknown][]) {
  const store = createStore()
  for (const [atom, value] of values) store.set(atom, value as never)
  return store
}

/** Keeps the cart's state equal to the device's stored cart (of the fixture's site and language), as the frame does. */
export function LiveCart({ children }: { children: ReactNode }) {
  const setView = useSetAtom(cartViewAtom)
  useEffect(() => watchCartView(1, 12, setView), [setView])
  return children
}
