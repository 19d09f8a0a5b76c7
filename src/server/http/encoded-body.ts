// An answer's body kept together with its compressed forms, each made the first time a client asks for it. Answers
// served many times (the response cache, the search's answer cache) are then compressed once, not on every request:
// compressing a 10 KB search answer with brotli cost more than finding it.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { brotliCompressSync, constants, gzipSync, zstdCompressSync } from 'node:zlib'
import { etagOf } from './etag.ts'
import { JsonBytes } from './json-bytes.ts'
import { KeptZstd } from './kept-zstd.ts'

/** Below this many bytes an answer goes out as it is (the same threshold as the compression of other answers). */
export const COMPRESS_THRESHOLD = 1024

/** The same settings as @fastify/compress uses for answers made per request (brotli quality 4, the zlib defaults). */
const BROTLI_OPTIONS = {
  params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4 },
}

/**
 * The server's preference: zstd (level 3 makes a 14 KB search answer as small as brotli at quality 4 does, in a third
 * of the time; Chromium and Firefox accept it), then brotli, then gzip. app.ts gives @fastify/compress the same order.
 */
export const ENCODINGS = ['zstd', 'br', 'gzip'] as const

/**
 * zstd at its default level 3, with match tables sized for answers of up to 64 KB: setting up the default 512 KB of
 * tables took a fifth of compressing a 14 KB answer, and the smaller ones give the same size for it.
 */
const SMALL_BODY = 64 * 1024
const ZSTD_SMALL = {
  [constants.ZSTD_c_windowLog]: 16,
  [constants.ZSTD_c_hashLog]: 14,
  [constants.ZSTD_c_chainLog]: 14,
}
/**
 * The brotli and gzip compressors' output buffer for a small body: 4 KB (Node's default is 16 KB; the kept zstd
 * compressor copies its answer out at its length). Buffers come from Node's shared pool, and a compressed answer is a
 * slice of that buffer: with 16 KB each new search took a quarter of a 64 KB pool, and that memory, outside the JS
 * heap, made V8 run a full mark-compact for external memory pressure several times a second under load. A few KB of
 * compressed answer fits in one such chunk; a larger one takes several.
 */
const SMALL_CHUNK = 4 * 1024
/** Small bodies in zstd, the encoding browsers ask for first, through one kept compressor (see kept-zstd.ts). */
const smallZstd = new KeptZstd({ params: ZSTD_SMALL })

/** A body compressed in an encoding. */
function compress(bytes: Buffer, encoding: Exclude<Encoding, 'identity'>): Buffer {
  const small = bytes.length <= SMALL_BODY
  const chunkSize = small ? SMALL_CHUNK : undefined
  if (encoding === 'zstd') return small ? smallZstd.compress(bytes) : zstdCompressSync(bytes)
  if (encoding === 'br') return brotliCompressSync(bytes, { ...BROTLI_OPTIONS, chunkSize })
  return gzipSync(bytes, { chunkSize })
}

export type Encoding = (typeof ENCODINGS)[number] | 'identity'

/** Browsers send one of a few Accept-Encoding headers, each on every request: parsed once each. */
const chosen = new Map<string, Encoding>()
const CHOSEN_MAX = 64

/**
 * The encoding to answer with, from an Accept-Encoding header: the first of ENCODINGS it accepts, else none.
 * Weights of 0 refuse an encoding; `*` accepts any not named.
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity'
  let found = chosen.get(acceptEncoding)
  if (found === undefined) {
    if (chosen.size >= CHOSEN_MAX) chosen.clear()
    found = parsePreference(acceptEncoding)
    chosen.set(acceptEncoding, found)
  }
  return found
}

function parsePreference(acceptEncoding: string): Encoding {
  const weights = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const weight = q === undefined ? 1 : Number(q.slice(2))
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0)
  }
  if (weights.has('x-gzip') && !weights.has('gzip')) weights.set('gzip', weights.get('x-gzip')!)
  const accepts = (name: string) => (weights.get(name) ?? weights.get('*') ?? 0) > 0
  return ENCODINGS.find(accepts) ?? 'identity'
}

export class EncodedBody {
  /**
   * The body as UTF-8, made at once, and the text itself not kept: every send needs the bytes anyway, and a kept
   * answer's text (two bytes a character once one label has a dash) more than doubled what it held on the JS heap,
   * where the collector copies it until it is promoted. Bytes live outside that heap.
   */
  readonly bytes: Buffer
  readonly contentType: string
  /**
   * A body below COMPRESS_THRESHOLD also as text, which is how it goes out: Node writes a text answer with its headers
   * in one `write` of one string, where bytes take a `writev` of the headers and the body, which cost the hot routing
   * calls (95 bytes of JSON) several per cent of their throughput. At most a kilobyte each.
   */
  readonly #smallText: string | undefined
  #zstd: Buffer | undefined
  #br: Buffer | undefined
  #gzip: Buffer | undefined
  #etag: string | undefined

  /** The body as text, or as UTF-8 bytes (copied). */
  constructor(body: string | Uint8Array, contentType = 'application/json; charset=utf-8') {
    this.bytes = Buffer.from(body)
    this.contentType = contentType
    if (this.bytes.length < COMPRESS_THRESHOLD)
      this.#smallText = typeof body === 'string' ? body : this.bytes.toString('utf8')
  }

  /** A weak tag of the content, the same whatever the encoding. */
  get etag(): string {
    return (this.#etag ??= etagOf(this.bytes))
  }

  /** The body in an encoding, compressed on first use. */
  encoded(encoding: Encoding): Buffer {
    if (encoding === 'zstd') return (this.#zstd ??= compress(this.bytes, encoding))
    if (encoding === 'br') return (this.#br ??= compress(this.bytes, encoding))
    if (encoding === 'gzip') return (this.#gzip ??= compress(this.bytes, encoding))
    return this.bytes
  }

  /** Sends the body in the encoding the request accepts best; the reply's other headers are left as they are. */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    return sendBody(
      request,
      reply,
      this.contentType,
      () => this.etag,
      this.bytes.length,
      (encoding) => (encoding === 'identity' ? (this.#smallText ?? this.bytes) : this.encoded(encoding)),
    )
  }
}

/**
 * What EncodedBody and OnceBody send alike: the type, a weak ETag for a GET (unless one is set), and the body in the
 * encoding the request accepts best, plain below COMPRESS_THRESHOLD bytes. A Content-Encoding already set tells the
 * compression hook that the answer is done.
 */
function sendBody(
  request: FastifyRequest,
  reply: FastifyReply,
  contentType: string,
  etag: () => string,
  length: number,
  encoded: (encoding: Encoding) => Buffer | string,
): FastifyReply {
  reply.type(contentType)
  if ((request.method === 'GET' || request.method === 'HEAD') && !reply.hasHeader('etag')) reply.header('etag', etag())
  const encoding = length < COMPRESS_THRESHOLD ? 'identity' : preferredEncoding(request.headers['accept-encoding'])
  if (encoding === 'identity') return reply.send(encoded(encoding))
  return reply.header('content-encoding', encoding).send(encoded(encoding))
}

/**
 * An answer sent once and not kept (a search asked for the first time): compressed in the encoding the request
 * accepts best, like EncodedBody, without keeping its bytes or making the other encodings. The body is a string, or
 * a writer called when the answer is sent that gives its UTF-8 bytes (json-bytes.ts), valid until then.
 */
export class OnceBody {
  readonly #body: string | (() => Buffer)
  readonly #contentType: string

  constructor(body: string | (() => Buffer), contentType = 'application/json; charset=utf-8') {
    this.#body = body
    this.#contentType = contentType
  }

  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const body = this.#body
    let bytes: Buffer
    if (typeof body === 'string') bytes = new JsonBytes().text(body).done()
    else bytes = body()
    return sendBody(
      request,
      reply,
      this.#contentType,
      () => etagOf(bytes),
      bytes.length,
      (encoding) => {
        if (encoding !== 'identity') return compress(bytes, encoding)
        // Sent plain, the bytes go to the socket, which may keep them past this turn: a copy of their own, as text
        // when small (see EncodedBody's).
        return bytes.length < COMPRESS_THRESHOLD ? bytes.toString('utf8') : Buffer.from(bytes)
      },
    )
  }
}
