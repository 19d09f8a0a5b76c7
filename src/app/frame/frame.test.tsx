// The frame in both layouts, rendered in jsdom.
import { cleanup, render, screen } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { rootDataFixture } from '../../../tests/helpers/root-data.ts'
import nl from '../../../locales/nl.json' with { type: 'json' }
import { createShopApi } from '../api/shop-api.ts'
import { createI18n } from '../i18n/i18n.ts'
import type { RootData } from '../root/root.data.ts'
import type { AppServices } from '../router-context.ts'
import { ServicesProvider } from '../services.tsx'
import { CustomerService } from './footer.tsx'
import { Frame } from './frame.tsx'

const data: RootData = rootDataFixture()
const services: AppServices = {
  // The frame's own calls (alternates for the switcher, the health check) find no server here and are ignored.
  api: createShopApi(async () => ({ status: 503, body: null, headers: new Headers() })),
  visitorCountry: null,
  prepareLocale: async () => undefined,
  scope: null,
  domainSite: null,
}
afterEach(cleanup)
// The frame loads its data modules (catalogue, comparison, cart) on first use; loaded here first, so none is still
// loading when the test environment is torn down.
beforeAll(async () => {
  await Promise.all([
    import('../data/catalogue-store.ts'),
    import('../data/compare-store.ts'),
    import('../../browser/cart-store.ts'),
    import('../../browser/cart-sync.ts'),
  ])
})

function show(layout: 'default' | 'checkout', Page = () => <h1>Pagina</h1>) {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: () => data,
        Component: () => (
          <Frame data={data}>
            <Outlet />
          </Frame>
        ),
        children: [{ index: true, handle: { layout }, Component: Page }],
      },
    ],
    { hydrationData: { loaderData: { root: data } } },
  )
  render(
    <I18nextProvider i18n={createI18n({ language: 'nl', messages: nl })}>
      <ServicesProvider services={services}>
        <RouterProvider router={router} />
      </ServicesProvider>
    </I18nextProvider>,
  )
}

describe('the frame', () => {
  it('has the landmarks, skip link, navigation, USPs and customer service in the default layout', async () => {
    show('default')
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagina' })).toBeTruthy()
    expect(screen.getByRole('link', { name: nl.a11y.skipToContent }).getAttribute('href')).toBe('#main')
    expect(screen.getByRole('banner')).toBeTruthy()
    expect(screen.getByRole('main')).toBeTruthy()
    expect(screen.getByRole('contentinfo')).toBeTruthy()
    expect(screen.getByRole('navigation', { name: nl.a11y.mainNavigation })).toBeTruthy()
    expect(screen.getByRole('navigation', { name: nl.a11y.secondaryNavigation })).toBeTruthy()
    expect(screen.getByText(nl.footer.openingHours)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'klantenservice@equivera.nl' })).toBeTruthy()
  })

  it('has unique ids and one region of customer service on a page that shows that block too', async () => {
    show('default', () => (
      <>
        <h1>Pagina</h1>
        <CustomerService site={data.site} />
      </>
    ))
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagina' })).toBeTruthy()
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id)
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([])
    expect(screen.getAllByRole('heading', { level: 2, name: data.site.customerServiceTitle })).toHaveLength(2)
    const region = screen.getByRole('region', { name: data.site.customerServiceTitle })
    expect(screen.getByRole('main').contains(region)).toBe(true)
  })

  it('keeps only the logo and the customer-service phone in the checkout layout', async () => {
    show('checkout')
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagina' })).toBeTruthy()
    expect(screen.queryByRole('navigation', { name: nl.a11y.mainNavigation })).toBeNull()
    expect(screen.queryByRole('contentinfo')).toBeNull()
    expect(screen.getByRole('link', { name: /Equivera/ })).toBeTruthy()
    expect(screen.getByRole('link', { name: data.site.customerServicePhoneLink.title })).toBeTruthy()
  })
})
