// zstd for small answers through one compressor kept for the server's life. Node's zstdCompressSync makes and closes a
// compression stream per call (a Transform stream, its native handle and zstd context): for a 10 KB search answer
// that cost as much as the compression itself (about 18 µs of 37). The kept compressor is driven the way
// zstdCompressSync drives its own (the stream's handle and write state: Node's internals, looked for at start); each
// body ends a zstd frame, after which zstd starts the next one anew with the same parameters, so the bytes are those
// zstdCompressSync makes. Where those internals are missing (another Node), or a compression fails, bodies go through
// zstdCompressSync.
import { constants, createZstdCompress, zstdCompressSync, type ZstdCompress, type ZstdOptions } from 'node:zlib'

/** What zstdCompressSync uses of a compression stream (node:zlib's processChunkSync). */
interface ZlibHandle {
  writeSync(
    flush: number,
    input: Uint8Array,
    inOffset: number,
    inLength: number,
    output: Uint8Array,
    outOffset: number,
    outLength: number,
  ): void
}
interface Driven {
  stream: ZstdCompress
  handle: ZlibHandle
  /** After a write: [output bytes left free, input bytes left unread]. */
  state: Uint32Array
}

function drive(options: ZstdOptions): Driven | null {
  const stream = createZstdCompress(options)
  const { _handle: handle, _writeState: state } = stream as unknown as { _handle?: unknown; _writeState?: unknown }
  if (typeof (handle as ZlibHandle | undefined)?.writeSync !== 'function' || !(state instanceof Uint32Array)) {
    stream.close()
    return null
  }
  // The handle reports a failure to its stream, which is destroyed with it at once (stream.errored) and emits it
  // later: that event is not the way this learns of it.
  stream.on('error', () => {})
  return { stream, handle: handle as ZlibHandle, state }
}

export class KeptZstd {
  readonly #options: ZstdOptions
  #driven: Driven | null | undefined
  /** The compressed bytes are written here, then copied out at their length; it grows for a larger body. */
  #out: Buffer

  constructor(options: ZstdOptions, outputSize = 16 * 1024) {
    this.#options = options
    this.#out = Buffer.allocUnsafeSlow(outputSize)
  }

  /** Whether bodies go through the kept compressor (false where this Node lacks the internals it drives). */
  get kept(): boolean {
    return (this.#driven ??= drive(this.#options)) !== null
  }

  compress(input: Uint8Array): Buffer {
    const driven = (this.#driven ??= drive(this.#options))
    if (driven === null) return zstdCompressSync(input, this.#options)
    try {
      return this.#compress(driven, input)
    } catch {
      // Whatever state the frame was left in, the next body starts with a new compressor; this one goes the usual
      // way, which throws if the body cannot be compressed at all.
      driven.stream.close()
      this.#driven = undefined
      return zstdCompressSync(input, this.#options)
    }
  }

  #compress(driven: Driven, input: Uint8Array): Buffer {
    let inOffset = 0
    let inLength = input.length
    let written = 0
    for (;;) {
      const room = this.#out.length - written
      driven.handle.writeSync(constants.ZSTD_e_end, input, inOffset, inLength, this.#out, written, room)
      if (driven.stream.errored) throw driven.stream.errored
      const [outLeft = 0, inLeft = 0] = driven.state
      written += room - outLeft
      inOffset += inLength - inLeft
      inLength = inLeft
      // Room left over: the frame is done. Else the output was full; zstd goes on where it stopped.
      if (outLeft > 0) break
      const larger = Buffer.allocUnsafeSlow(this.#out.length * 2)
      this.#out.copy(larger, 0, 0, written)
      this.#out = larger
    }
    return Buffer.from(this.#out.subarray(0, written))
  }
}
