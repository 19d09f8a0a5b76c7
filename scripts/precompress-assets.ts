// Writes a brotli (.br) and a gzip (.gz) copy beside each of the build's scripts and styles (dist/client/assets/),
// compressed as hard as each format goes: brotli at quality 11, gzip at level 9. The server sends the copy the browser
// accepts (render.routes.ts, @fastify/static's preCompressed) instead of compressing the file anew on every request
// at the fast settings made for answers (zstd level 3 for Chromium). A slow phone downloads about a sixth fewer bytes
// of scripts, and the server spends no CPU on compressing them.
//
// Only the hashed assets: their names change with their content, so a copy is never older than its file. The service
// worker keeps its name (and a deploy may change it alone), so it stays compressed per answer.
// Part of `npm run build`, after `vite build` has emptied dist/client.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { COMPRESS_THRESHOLD } from '../src/server/http/encoded-body.ts'
import { writeWhole } from './write-whole.ts'

const CLIENT_DIR = fileURLToPath(new URL('../dist/client/', import.meta.url))

/** What is worth compressing: text. Pictures and fonts are compressed already. */
const TEXT_FILE = /\.(?:js|mjs|css|json|svg|webmanifest|txt)$/

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

export interface PrecompressResult {
  files: number
  bytes: number
  brotliBytes: number
  gzipBytes: number
}

/** The files to precompress under `clientDir`: the hashed assets' text files. */
function filesIn(clientDir: string): string[] {
  return readdirSync(join(clientDir, 'assets'), { recursive: true, encoding: 'utf8' })
    .map((name) => join(clientDir, 'assets', name))
    .filter((path) => TEXT_FILE.test(path))
}

export async function precompressAssets(clientDir: string = CLIENT_DIR): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 }
  // zlib's asynchronous calls run on libuv's thread pool: the files are compressed in parallel.
  await Promise.all(
    filesIn(clientDir).map(async (path) => {
      const bytes = readFileSync(path)
      if (bytes.length < COMPRESS_THRESHOLD) return
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
      ])
      writeWhole(`${path}.br`, br)
      writeWhole(`${path}.gz`, gz)
      result.files++
      result.bytes += bytes.length
      result.brotliBytes += br.length
      result.gzipBytes += gz.length
    }),
  )
  return result
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`

if (import.meta.main) {
  const started = performance.now()
  const { files, bytes, brotliBytes, gzipBytes } = await precompressAssets()
  console.log(
    `precompressed: ${files} files, ${kb(bytes)} → brotli ${kb(brotliBytes)}, gzip ${kb(gzipBytes)}, ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
}
