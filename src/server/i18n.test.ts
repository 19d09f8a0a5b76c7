import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ERROR_CODES } from '../domain/errors.ts'
import { LANGUAGE_CODES } from '../domain/language-codes.ts'
import { translate } from './i18n.ts'

const read = (code: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${code}.json`, import.meta.url), 'utf8')) as Record<
    string,
    Record<string, string>
  >

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix]
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key))
}

describe('locales', () => {
  const source = read('nl')

  it('has a message for every error code in the Dutch source', () => {
    expect(Object.keys(source.errors!).toSorted()).toEqual([...ERROR_CODES].toSorted())
  })

  it.each(LANGUAGE_CODES)('%s has exactly the keys of the Dutch source, sorted, none empty', (code) => {
    const locale = read(code)
    expect(keysOf(locale)).toEqual(keysOf(source))
    for (const key of keysOf(locale)) {
      const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], locale)
      expect(typeof value === 'string' && value.trim().length > 0, key).toBe(true)
    }
    for (const group of Object.values(locale)) expect(Object.keys(group)).toEqual(Object.keys(group).toSorted())
  })

  it.each(LANGUAGE_CODES)('%s keeps the {{name}} placeholder', (code) => {
    expect(read(code).errors!.parameterRequired).toContain('{{name}}')
  })

  it('translates with interpolation and falls back from a regional language', () => {
    expect(translate('nl', 'errors.parameterRequired', { name: 'url' })).toBe('De parameter url moet zijn opgegeven.')
    expect(translate('de-AT', 'errors.unknownSite')).toBe(read('de-AT').errors!.unknownSite)
  })
})

describe('UI texts', () => {
  it('every language has every key of the Dutch source with its placeholders; brand texts only known keys', async () => {
    const { localeProblems } = await import('../../scripts/check-locales.ts')
    expect(localeProblems()).toEqual([])
  })
})
