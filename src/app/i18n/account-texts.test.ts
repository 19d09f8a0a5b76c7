import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ACCOUNT_TEXT_GROUPS } from '../../domain/text-parts.ts'

const APP = join(import.meta.dirname, '..')
const KEY_OF_THE_ACCOUNT_PART = new RegExp(`['"\`](?:${ACCOUNT_TEXT_GROUPS.join('|')})\\.[a-zA-Z]`)

function sourcesIn(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return sourcesIn(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

describe('the account part of the texts', () => {
  // The account part comes with the account area's and the checkout's routes (routes.tsx, withAccountTexts); a key
  // of it used anywhere else would show as its bare name on a page that never loaded it.
  it('is used only by the account area and the checkout', () => {
    const outside = sourcesIn(APP)
      .map((file) => relative(APP, file))
      .filter((file) => !/^(account|checkout)\//.test(file))
      .filter((file) => KEY_OF_THE_ACCOUNT_PART.test(readFileSync(join(APP, file), 'utf8')))
    expect(outside).toEqual([])
  })

  it('is caught by that check when a key of the account part is used elsewhere', () => {
    expect(KEY_OF_THE_ACCOUNT_PART.test("t('account.nav.overview')")).toBe(true)
    expect(KEY_OF_THE_ACCOUNT_PART.test("t('cart.summary.total')")).toBe(false)
  })
})
