import { expect, test } from '@playwright/test'
import { hydrated, nl } from './helpers.ts'
import { E2E_PORT } from './ports.ts'

// The catalogue as a stable owner meets it on a 390 x 844 phone: what the first screen of a product page holds, the
// filters as a sheet with a results button and 44 px rows, and the comparison with add to cart and without the bar
// over its table; and the names assistive technology reads on list pages.

test('names on list pages: compare boxes say what they show, the two search landmarks differ, the combobox is a text box', async ({
  page,
}) => {
  await page.goto(`http://localhost:${E2E_PORT}/zoeken/?q=muesli`)
  await hydrated(page)
  // WCAG 2.5.3: each compare box's name starts with its visible word and says which product.
  const names = await page.locator('.product-card__name').allTextContents()
  expect(names.length).toBeGreaterThan(5)
  for (const name of names)
    await expect(page.getByRole('checkbox', { name: `${nl.catalogue.compare.add} ${name}`, exact: true })).toHaveCount(
      1,
    )
  // Two search landmarks, each with a name of its own.
  const landmarks = page.getByRole('search')
  await expect(landmarks).toHaveCount(2)
  await expect(page.getByRole('search', { name: nl.header.search, exact: true })).toHaveCount(1)
  await expect(page.getByRole('search', { name: nl.catalogue.search.refine, exact: true })).toHaveCount(1)
  // ARIA 1.2 allows the combobox role on a text input, not on type=search.
  const combobox = page.getByRole('combobox', { name: nl.header.search })
  await expect(combobox).toHaveAttribute('type', 'text')
  await expect(combobox).toHaveAttribute('aria-controls', /.+/)
})
