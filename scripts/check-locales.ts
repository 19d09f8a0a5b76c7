// Checks every locales/<code>.json against the Dutch source: the same keys in the same (sorted) order, no empty
// text, and the same {{placeholders}} per key; second-brand overrides may only use keys of the source.
// Run: node scripts/check-locales.ts  (exit 1 with a list of problems)
import { readFileSync, existsSync } from 'node:fs'
import { LANGUAGE_CODES, SECOND_BRAND_LANGUAGES } from '../src/domain/language-codes.ts'

type Tree = { [key: string]: string | Tree }
const read = (file: string) => JSON.parse(readFileSync(new URL(`../locales/${file}`, import.meta.url), 'utf8')) as Tree

export function flatten(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : flatten(value, `${prefix}${key}.`),
  ) as [string, string][]
}

export const placeholdersOf = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).toSorted()

function sortedProblems(tree: Tree, path: string): string[] {
  const keys = Object.keys(tree)
  const own = keys.join() === keys.toSorted().join() ? [] : [`${path || 'top level'}: keys not sorted`]
  return [
    ...own,
    ...Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [] : sortedProblems(value, path ? `${path}.${key}` : key),
    ),
  ]
}

export function localeProblems(): string[] {
  const source = new Map(flatten(read('nl.json')))
  const problems: string[] = []
  const compare = (file: string, tree: Tree, complete: boolean) => {
    const entries = new Map(flatten(tree))
    problems.push(...sortedProblems(tree, '').map((p) => `${file}: ${p}`))
    if (complete) for (const key of source.keys()) if (!entries.has(key)) problems.push(`${file}: missing ${key}`)
    for (const [key, text] of entries) {
      const sourceText = source.get(key)
      if (sourceText === undefined) problems.push(`${file}: unknown key ${key}`)
      else if (!text.trim()) problems.push(`${file}: empty ${key}`)
      else if (placeholdersOf(text).join() !== placeholdersOf(sourceText).join())
        problems.push(`${file}: ${key} must use the placeholders {{${placeholdersOf(sourceText).join('}}, {{')}}}`)
    }
  }
  for (const code of LANGUAGE_CODES) compare(`${code}.json`, read(`${code}.json`), true)
  for (const code of SECOND_BRAND_LANGUAGES) {
    const file = `second-brand/${code}.json`
    if (existsSync(new URL(`../locales/${file}`, import.meta.url))) compare(file, read(file), false)
    else problems.push(`${file}: missing file`)
  }
  return problems
}

if (import.meta.main) {
  const problems = localeProblems()
  for (const problem of problems) console.log(problem)
  console.log(problems.length ? `${problems.length} problems` : 'locales ok')
  process.exitCode = problems.length ? 1 : 0
}
