// The boundaries between runtimes hold because `npm run check` fails when one is crossed: each case plants a file with
// a forbidden import or global in a folder, runs the part of the check that guards it (oxlint with the repository's
// rules, or tsc with the folder's own tsconfig) on it, and expects a failure naming the file. Planted files have
// unique names and are removed whatever happens.
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..')
const BIN = join(ROOT, 'node_modules/.bin')
const planted: string[] = []

afterEach(() => {
  for (const file of planted.splice(0)) rmSync(join(ROOT, file), { force: true })
})

function plant(folder: string, source: string): string {
  const file = `${folder}/planted-${process.pid}-${planted.length}.ts`
  planted.push(file)
  writeFileSync(join(ROOT, file), source)
  return file
}

function run(command: string, args: string[]) {
  const result = spawnSync(join(BIN, command), args, { cwd: ROOT, encoding: 'utf8' })
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` }
}

const lint = (file: string) => run('oxlint', ['--deny-warnings', file])
const typecheck = (config: string) => run('tsc', ['--noEmit', '-p', config])

it('npm run check runs the lint rules and every runtime’s tsconfig', () => {
  const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>
  }
  expect(scripts.check).toMatch(/npm run typecheck && oxlint --deny-warnings/)
  for (const config of ['src/domain', 'src/browser', 'sw', 'src/app', 'src/server'])
    expect(scripts.typecheck).toContain(`tsc --noEmit -p ${config}`)
})

describe('a forbidden import fails the lint rules', () => {
  it.each([
    ['the domain', 'src/domain', "import { shopApi } from '../app/api/shop-api.ts'"],
    ['the domain', 'src/domain', "import { readFileSync } from 'node:fs'"],
    ['the domain', 'src/domain', "import { useState } from 'react'"],
    ['the domain', 'src/domain', "import { fetchTransport } from '../browser/transport.ts'"],
    ['shared browser code', 'src/browser', "import { consentAtom } from '../app/consent/consent.ts'"],
    ['shared browser code', 'src/browser', "import { atom } from 'jotai'"],
    ['the service worker', 'sw', "import { routes } from '../src/app/routes.tsx'"],
    ['the service worker', 'sw', "import { createServer } from '../src/server/app.ts'"],
    ['the app', 'src/app', "import { offlinePathFor } from '../../sw/rules.ts'"],
    ['the app', 'src/app', "import { createServer } from '../server/app.ts'"],
    ['the app', 'src/app', "import { readFileSync } from 'node:fs'"],
    ['the app', 'src/app', "import { registerRoute } from 'workbox-routing'"],
    ['the server', 'src/server', "import { consentAtom } from '../app/consent/consent.ts'"],
    ['the server', 'src/server', "import { render } from '../app/entry.server.tsx'"],
    ['the server', 'src/server', "import { shopDatabase } from '../browser/db.ts'"],
    ['the server', 'src/server', "import { useState } from 'react'"],
  ])('%s: %s', (_name, folder, line) => {
    const file = plant(folder, `${line}\nexport {}\n`)
    const result = lint(file)
    expect(result.ok, result.output).toBe(false)
    expect(result.output).toContain('no-restricted-imports')
  })

  it('lets the server import the renderer’s types (a control: the rule is not simply on)', () => {
    const file = plant(
      'src/server',
      "import type { RenderOptions } from '../app/entry.server.tsx'\nexport type { RenderOptions }\n",
    )
    const result = lint(file)
    expect(result.ok, result.output).toBe(true)
  })
})

describe('a global of another runtime fails its tsconfig', () => {
  it.each([
    ['the domain uses the DOM', 'src/domain', 'export const title = document.title', "Cannot find name 'document'"],
    ['the domain uses Node', 'src/domain', 'export const env = process.env.HOME', "Cannot find name 'process'"],
    [
      'shared browser code uses the window',
      'src/browser',
      'export const href = window.location.href',
      "Cannot find name 'window'",
    ],
    ['the app uses Node', 'src/app', 'export const env = process.env.HOME', "Cannot find name 'process'"],
  ])('%s', (_name, folder, source, message) => {
    const file = plant(folder, `${source}\n`)
    const result = typecheck(folder)
    expect(result.ok).toBe(false)
    expect(result.output).toContain(file)
    expect(result.output).toContain(message)
  })
})

// One import path per symbol: a domain module exports only what it defines, never another module's symbols (a
// re-export gives one symbol two paths, and made a type cycle between product.ts and product-rules.ts).
describe('the domain re-exports nothing', () => {
  const files = readdirSync(join(ROOT, 'src/domain'), { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.d.ts'),
  )

  it.each(files)('src/domain/%s', (file) => {
    const source = readFileSync(join(ROOT, 'src/domain', file), 'utf8')
    expect(source).not.toMatch(/^export\s+(type\s+)?(\*|\{[^}]*\})\s+from\s/m)
    const imported = new Set(
      [...source.matchAll(/^import\s+(?:type\s+)?\{([^}]*)\}\s+from/gm)].flatMap((match) =>
        match[1]!.split(',').map((name) =>
          name
            .replace(/^\s*type\s+/, '')
            .trim()
            .split(/\s+as\s+/)
            .pop()!,
        ),
      ),
    )
    const exported = [...source.matchAll(/^export\s+(?:type\s+)?\{([^}]*)\}\s*$/gm)].flatMap((match) =>
      match[1]!.split(',').map(
        (name) =>
          name
            .replace(/^\s*type\s+/, '')
            .trim()
            .split(/\s+as\s+/)[0]!,
      ),
    )
    expect(exported.filter((name) => imported.has(name))).toEqual([])
  })
})
