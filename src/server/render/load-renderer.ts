import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { resolve } from 'node:path'
import { readPageAssets } from './assets.ts'
import type { Renderer } from './render.routes.ts'

/** The built renderer and app (npm run build) in `distDir`, or undefined when there is no build. */
export async function loadRenderer(distDir: string): Promise<Renderer | undefined> {
  const root = pathToFileURL(`${resolve(distDir)}/`)
  const serverEntry = new URL('server/entry.server.js', root)
  const clientDir = new URL('client/', root)
  if (!existsSync(serverEntry) || !existsSync(new URL('.vite/manifest.json', clientDir))) return undefined
  const module = (await import(serverEntry.href)) as Pick<Renderer, 'render'>
  return { render: module.render, assets: readPageAssets(clientDir), clientDir }
}
