// Writes a file under a temporary name first, then renames it: a build or cache fill that stops half-way never leaves
// half a file to be read later (a rename within one folder is atomic).
import { renameSync, writeFileSync } from 'node:fs'

export function writeWhole(path: string, bytes: Uint8Array) {
  const partial = `${path}.${process.pid}.tmp`
  writeFileSync(partial, bytes)
  renameSync(partial, path)
}
