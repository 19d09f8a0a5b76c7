// Return photos on disk, outside the web root (UPLOAD_DIR/returns; nothing serves that folder as static files). An
// upload is written to a temporary file (UPLOAD_DIR/returns/incoming) under a random name while it arrives, checked
// by its first bytes and its size, and moved to its final random name only inside the transaction that writes its
// row; `discard` removes it when that transaction does not commit. Names are 128 random bits, never the customer's
// file name, so nothing a customer sends becomes part of a path.
import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises'
import { isAbsolute, join, resolve } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { photoExtension, photoTypeOf, type PhotoType } from '../../domain/returns.ts'

/** A photo received and written to its temporary file, not yet anyone's. */
export interface IncomingPhoto {
  path: string
  size: number
  /** From the first bytes; null when it is no JPEG, PNG or WebP. */
  type: PhotoType | null
  /** The upload went past the size limit (the rest was not written). */
  truncated: boolean
}

const NAME = /^[A-Za-z0-9_-]{22}\.(jpg|png|webp)$/
/** Temporary files older than this are left over from a crash or an aborted request. */
const STALE_MS = 60 * 60 * 1000

const list = async (dir: string) =>
  (await readdir(dir, { withFileTypes: true }).catch(() => [])).filter((e) => e.isFile()).map((e) => e.name)

const randomName = () => randomBytes(16).toString('base64url')

export class ReturnPhotos {
  readonly #dir: string
  readonly #incoming: string

  constructor(uploadDir: string) {
    this.#dir = join(isAbsolute(uploadDir) ? uploadDir : resolve(uploadDir), 'returns')
    this.#incoming = join(this.#dir, 'incoming')
  }

  /** Writes an upload to a temporary file; the stream's own limit (multipart's fileSize) says whether it was cut. */
  async receive(stream: Readable & { truncated?: boolean }): Promise<IncomingPhoto> {
    await mkdir(this.#incoming, { recursive: true })
    const path = join(this.#incoming, `${randomName()}.part`)
    try {
      await pipeline(stream, createWriteStream(path, { flags: 'wx', mode: 0o600 }))
      const { size } = await stat(path)
      return { path, size, type: await this.#sniff(path), truncated: stream.truncated === true }
    } catch (error) {
      await rm(path, { force: true })
      throw error
    }
  }

  /** Moves a received photo to its final name (call it inside the row's transaction); answers that name. */
  async keep(photo: IncomingPhoto & { type: PhotoType }): Promise<string> {
    const name = `${randomName()}.${photoExtension(photo.type)}`
    await rename(photo.path, join(this.#dir, name))
    return name
  }

  /** Removes a temporary file, or a kept one whose row did not commit. */
  async discard(what: { path: string } | { name: string }): Promise<void> {
    await rm('path' in what ? what.path : this.pathOf(what.name), { force: true })
  }

  /** The file of a stored name; refuses anything that is not one of our names. */
  pathOf(name: string): string {
    if (!NAME.test(name)) throw new Error(`Not a return photo name: ${name}`)
    return join(this.#dir, name)
  }

  /** The files in the folder (tests, and the check that nothing was left behind). */
  async files(): Promise<{ kept: string[]; incoming: string[] }> {
    return { kept: await list(this.#dir), incoming: await list(this.#incoming) }
  }

  /** Removes temporary files a crash or a broken connection left behind. */
  async removeStale(now: number): Promise<number> {
    let removed = 0
    for (const name of (await this.files()).incoming) {
      const path = join(this.#incoming, name)
      const info = await stat(path).catch(() => undefined)
      if (info && now - info.mtimeMs > STALE_MS) {
        await rm(path, { force: true })
        removed++
      }
    }
    return removed
  }

  async #sniff(path: string): Promise<PhotoType | null> {
    const file = await open(path, 'r')
    try {
      const head = new Uint8Array(16)
      const { bytesRead } = await file.read(head, 0, head.length, 0)
      return photoTypeOf(head.subarray(0, bytesRead))
    } finally {
      await file.close()
    }
  }
}
