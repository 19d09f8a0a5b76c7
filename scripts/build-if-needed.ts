// `npm start` builds the app first when there is no build or a source file is newer than it, so a fresh clone
// (and a pull) starts with pages, not just the API.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** What the build writes, in order: a build that stopped before its last step is no build. */
const STAMPS = ['dist/server/entry.server.js', 'dist/client/images/products']
const SOURCES = [
  'src/app',
  'src/domain',
  'sw',
  'locales',
  'public',
  'src/server/db/seed/catalogue', // the product images are made from it
  'src/server/catalogue/product-image.ts',
  'scripts/generate-product-images.ts',
  'scripts/precompress-assets.ts', // a build without the copies still works: files are then compressed per answer
  'vite.config.ts',
  'package-lock.json',
]

function newest(path: string): number {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))))
}

const built = Math.min(...STAMPS.map((stamp) => (existsSync(stamp) ? statSync(stamp).mtimeMs : 0)))
if (built === 0 || Math.max(...SOURCES.map(newest)) > built) {
  console.log(built === 0 ? 'No build yet: building the app…' : 'Sources changed: rebuilding the app…')
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' })
}
