import { expect, test } from '@playwright/test'
import { accountServer, newAccount, registerAndActivateByApi, waitForMail } from './account-helpers.ts'
import { fill, nl } from './helpers.ts'
import { BACKOFFICE_TOKEN } from './server.ts'

// A roughage scan's result end to end: the lab's result posted through the back office, the mail to the customer (a
// real SMTP listener), its link opening the result page without signing in (chart of sample, target and average),
// and 'calculate feed with this roughage' opening the feed calculator with the measured values.

const server = accountServer(22)

test('a scan result’s mail leads to its page, and from there to the calculator with the measured roughage', async ({
  page,
  request,
}) => {
  const account = newAccount('lab')
  await registerAndActivateByApi(request, server, account)
  const before = server.mailbox().received.length
  const posted = await request.post(`${server.apiOrigin()}/api/backoffice/scanresults`, {
    headers: { authorization: `Bearer ${BACKOFFICE_TOKEN}` },
    data: {
      emailAddress: account.emailAddress,
      siteId: 1,
      name: 'Hooi weiland achter',
      type: 'rqs',
      receiptDate: '2026-11-02',
      resultDate: '2026-11-09',
      sampleValue: 96.5,
      targetValue: 110,
      average: 102.25,
      dryMatterPercentage: 86.4,
      nutrition: {
        energyDe: 7.2,
        energyEwpa: 0.48,
        crudeProtein: 96.5,
        sugar: 112,
        dryMatter: 864,
        moisturePercentage: 13.6,
        germContent: null,
        minerals: {},
        traceElements: {},
        vitamins: {},
        addedSubstancesPerKg: {},
      },
    },
  })
  expect(posted.status()).toBe(201)

  const mail = await waitForMail(server.mailbox(), account.emailAddress, before)
  expect(mail.subject).toBe(fill(nl.mail.scanResult.subject, { sample: 'Hooi weiland achter' }))
  const link = [...String(mail.html).matchAll(/href="([^"]+)"/g)]
    .map((match) => match[1]!)
    .find((href) => /\/ruwvoeruitslag\/rqs\/[0-9a-f]{32}\/$/.test(href))
  expect(link).toBeDefined()

  // Not signed in: the key of the link is enough.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(new URL(new URL(link!).pathname, server.origin()).href)
  await page.getByRole('button', { name: nl.consent.decline }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl.feedCalculator.scan.title)
  await expect(page.getByRole('heading', { name: 'Hooi weiland achter' })).toBeVisible()
  await expect(page.getByText(nl.account.scans.chart.belowTarget)).toBeVisible()
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')

  await page.getByRole('link', { name: nl.feedCalculator.scan.calculate }).click()
  await expect(page).toHaveURL(/\/voercalculator\/\?dm=86\.4&de=7\.2$/)
  await expect(
    page.getByText(fill(nl.feedCalculator.form.measured, { dryMatter: '86.4', energy: '7.2' })),
  ).toBeVisible()
  // Poorer hay than the typical 8.4 MJ: a 600 kg horse at rest now needs feed besides its roughage.
  await expect(page.locator('.feed-advice-result')).toContainText(nl.feedCalculator.result.energyFeeds)

  // Back to typical values: the hay covers the horse again.
  await page.getByRole('button', { name: nl.feedCalculator.form.typical }).click()
  await expect(page).toHaveURL(/\/voercalculator\/$/)
  await expect(page.locator('.feed-advice-result')).toContainText(nl.feedCalculator.result.covered)
})

test('a result page with a key nobody has says it cannot be found, with a 404', async ({ page }) => {
  const response = await page.goto(`${server.origin()}/ruwvoeruitslag/rqs/${'0'.repeat(32)}/`)
  expect(response?.status()).toBe(404)
  await expect(page.getByText(nl.feedCalculator.scan.notFound)).toBeVisible()
})
