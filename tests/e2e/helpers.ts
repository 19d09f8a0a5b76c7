// What several browser tests share: the Dutch texts, waiting for the service worker and for hydration, reading the
// device's IndexedDB, and the data layer's e-commerce events.
import { readFileSync } from 'node:fs'
import { expect, type Page } from '@playwright/test'
import type { EcommerceEvent, EcommerceEventName } from '../../src/domain/tracking.ts'

export const nl = JSON.parse(readFileSync(new URL('../../locales/nl.json', import.meta.url), 'utf8'))

/** A text with its {{placeholders}} filled. */
export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_: string, key: string) => String(values[key]))

export async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready
    return registration.active?.state === 'activated' && navigator.serviceWorker.controller !== null
  })
}

/** Rows of an object store of the device's IndexedDB ('shop'); [] when the store is not there. */
export const storedRows = (page: Page, store: string) =>
  page.evaluate(
    (name) =>
      new Promise<unknown[]>((resolve) => {
        const open = indexedDB.open('shop')
        open.addEventListener('success', () => {
          const db = open.result
          if (!db.objectStoreNames.contains(name)) return resolve([])
          const all = db.transaction(name).objectStore(name).getAll()
          all.addEventListener('success', () => resolve(all.result))
        })
        open.addEventListener('error', () => resolve([]))
      }),
    store,
  )

/** Products in the device's offline catalogue. */
export const storedProducts = async (page: Page) => (await storedRows(page, 'products')).length

/** The e-commerce events of one name the page has pushed, in the shape the domain defines. */
export const events = <Name extends EcommerceEventName>(page: Page, name: Name) =>
  page.evaluate(
    (event) => (window.dataLayer ?? []).filter((e) => (e as { event?: string }).event === event),
    name,
  ) as Promise<Extract<EcommerceEvent, { event: Name }>[]>

/** The catalogue part of a page reacts to input once its chunk has hydrated. */
export const hydrated = (page: Page) => expect(page.locator('article[data-hydrated]')).toBeVisible()
