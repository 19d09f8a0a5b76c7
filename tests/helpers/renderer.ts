// The page renderer for route tests: the app's server entry from source (Vitest compiles it) with the asset names
// of a small client manifest, so pages render without a build.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { render } from '../../src/app/entry.server.tsx'
import { pageAssets } from '../../src/server/render/assets.ts'
import type { Renderer } from '../../src/server/render/render.routes.ts'

export function sourceRenderer(): Renderer {
  return {
    render,
    assets: pageAssets({
      'src/app/entry.client.tsx': {
        file: 'assets/entry.client-test.js',
        isEntry: true,
        css: ['assets/entry-test.css'],
      },
      'src/app/content/dynamic.route.tsx': { file: 'assets/dynamic.route-test.js' },
      'locales/nl.json?part=first': { file: 'assets/locale-nl-test.js' },
    }),
    clientDir: pathToFileURL(`${mkdtempSync(join(tmpdir(), 'shop-client-'))}/`),
  }
}
