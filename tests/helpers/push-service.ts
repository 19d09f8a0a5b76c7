// A stand-in for a Web Push service (FCM, Mozilla autopush) for tests: it answers POST /push/:id as RFC 8030 says,
// checks the sender's VAPID header (RFC 8292) and decrypts the aes128gcm body (RFC 8291, RFC 8188) with the keys a
// browser would hold, all with node:crypto so the check does not share code with the sender (web-push).
// It listens on plain HTTP on 127.0.0.1 (for a sender that posts web-push's request details with fetch); with
// `tls: true` on HTTPS with tests/fixtures/tls's certificate, for web-push's own sendNotification, which only speaks
// HTTPS whatever the endpoint's scheme; pass `service.agent` as its `agent` option so it trusts that certificate.
import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, randomUUID, verify } from 'node:crypto'
import type { ECDH, KeyObject } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer as createHttpServer } from 'node:http'
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import { Agent, createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'

/** A push subscription's keys as a browser makes them: the public halves go to the shop, the rest stays here. */
export interface SubscriptionKeys {
  /** The user agent's public key, uncompressed (65 bytes), base64url: PushSubscription's `keys.p256dh`. */
  p256dh: string
  /** The 16-byte auth secret, base64url: PushSubscription's `keys.auth`. */
  auth: string
  privateKey: Buffer
  publicKey: Buffer
  authSecret: Buffer
}

export type DecryptionKeys = Pick<SubscriptionKeys, 'privateKey' | 'publicKey' | 'authSecret'>

export function newSubscriptionKeys(): SubscriptionKeys {
  const ecdh = createECDH('prime256v1')
  const publicKey = ecdh.generateKeys()
  const privateKey = ecdh.getPrivateKey()
  const authSecret = randomBytes(16)
  const keys = {
    p256dh: publicKey.toString('base64url'),
    auth: authSecret.toString('base64url'),
    privateKey,
    publicKey,
    authSecret,
  }
  ecdhCache.set(privateKey, ecdh)
  return keys
}

// One ECDH object per private key: setPrivateKey derives the public key, a second scalar multiplication per message.
const ecdhCache = new WeakMap<Buffer, ECDH>()

const ecdhFor = (privateKey: Buffer): ECDH => {
  let ecdh = ecdhCache.get(privateKey)
  if (!ecdh) {
    ecdh = createECDH('prime256v1')
    ecdh.setPrivateKey(privateKey)
    ecdhCache.set(privateKey, ecdh)
  }
  return ecdh
}

const hmac = (key: Buffer, ...data: Buffer[]): Buffer => {
  const h = createHmac('sha256', key)
  for (const part of data) h.update(part)
  return h.digest()
}

// HKDF-Expand for at most one SHA-256 block (all lengths here are ≤ 32).
const hkdfExpand = (prk: Buffer, info: Buffer, length: number): Buffer =>
  hmac(prk, info, Buffer.of(1)).subarray(0, length)

const KEY_INFO_PREFIX = Buffer.from('WebPush: info\0')
const CEK_INFO = Buffer.from('Content-Encoding: aes128gcm\0')
const NONCE_INFO = Buffer.from('Content-Encoding: nonce\0')
const TAG_LENGTH = 16

/** Decrypts an aes128gcm Web Push message (RFC 8291 over RFC 8188) as the browser does; throws on any mismatch. */
export function decryptAes128gcm(body: Buffer, keys: DecryptionKeys): Buffer {
  if (body.length < 21) throw new Error(`aes128gcm: body of ${body.length} bytes is shorter than the 21-byte header`)
  const salt = body.subarray(0, 16)
  const rs = body.readUInt32BE(16)
  const idlen = body[20] ?? 0
  if (rs < 18) throw new Error(`aes128gcm: record size ${rs} is below the minimum of 18`)
  if (idlen !== 65) throw new Error(`aes128gcm: keyid is ${idlen} bytes, expected the sender's 65-byte public key`)
  if (body.length < 21 + idlen) throw new Error('aes128gcm: body ends inside the keyid')
  const asPublic = body.subarray(21, 21 + idlen)
  if (asPublic[0] !== 0x04) throw new Error('aes128gcm: keyid is not an uncompressed P-256 point')
  const ciphertext = body.subarray(21 + idlen)
  if (ciphertext.length === 0) throw new Error('aes128gcm: no records after the header')

  let ecdhSecret: Buffer
  try {
    ecdhSecret = ecdhFor(keys.privateKey).computeSecret(asPublic)
  } catch (error) {
    throw new Error(`aes128gcm: ECDH with the sender's key failed (${(error as Error).message})`, { cause: error })
  }
  const prkKey = hmac(keys.authSecret, ecdhSecret)
  const ikm = hkdfExpand(prkKey, Buffer.concat([KEY_INFO_PREFIX, keys.publicKey, asPublic]), 32)
  const prk = hmac(salt, ikm)
  const cek = hkdfExpand(prk, CEK_INFO, 16)
  const baseNonce = hkdfExpand(prk, NONCE_INFO, 12)

  const plaintexts: Buffer[] = []
  const recordCount = Math.ceil(ciphertext.length / rs)
  for (let seq = 0; seq < recordCount; seq++) {
    const record = ciphertext.subarray(seq * rs, (seq + 1) * rs)
    const last = seq === recordCount - 1
    if (record.length <= TAG_LENGTH) throw new Error(`aes128gcm: record ${seq} of ${record.length} bytes is too short`)
    const nonce = Buffer.from(baseNonce)
    // The sequence number is XORed into the nonce's low bits; records never number more than 2^32 here.
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8)
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
    decipher.setAuthTag(record.subarray(record.length - TAG_LENGTH))
    let plain: Buffer
    try {
      plain = Buffer.concat([decipher.update(record.subarray(0, record.length - TAG_LENGTH)), decipher.final()])
    } catch (error) {
      throw new Error(`aes128gcm: record ${seq} does not authenticate (wrong keys or altered body)`, { cause: error })
    }
    let end = plain.length - 1
    while (end >= 0 && plain[end] === 0) end--
    if (end < 0) throw new Error(`aes128gcm: record ${seq} has no padding delimiter`)
    const delimiter = plain[end]
    if (last && delimiter !== 2) throw new Error(`aes128gcm: last record ends with delimiter ${delimiter}, expected 2`)
    if (!last && delimiter !== 1)
      throw new Error(`aes128gcm: record ${seq} ends with delimiter ${delimiter}, expected 1`)
    plaintexts.push(plain.subarray(0, end))
  }
  return Buffer.concat(plaintexts)
}

const MAX_VAPID_LIFETIME_S = 24 * 60 * 60

// A KeyObject per VAPID public key: the benchmark sends thousands of pushes signed by the same key.
const vapidKeyCache = new Map<string, KeyObject>()

const vapidKeyFor = (k: string): KeyObject => {
  let key = vapidKeyCache.get(k)
  if (key) return key
  const raw = Buffer.from(k, 'base64url')
  if (raw.length !== 65 || raw[0] !== 0x04) throw new Error('VAPID: k is not a 65-byte uncompressed P-256 public key')
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: raw.subarray(1, 33).toString('base64url'),
    y: raw.subarray(33).toString('base64url'),
  }
  try {
    key = createPublicKey({ key: jwk, format: 'jwk' })
  } catch (error) {
    throw new Error(`VAPID: k is not a point on P-256 (${(error as Error).message})`, { cause: error })
  }
  if (vapidKeyCache.size > 1000) vapidKeyCache.clear()
  vapidKeyCache.set(k, key)
  return key
}

const parseJson = (part: string, what: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>
  } catch {
    // reported below
  }
  throw new Error(`VAPID: the JWT's ${what} is not a base64url JSON object`)
}

/** Checks an `Authorization: vapid t=<JWT>, k=<key>` header (RFC 8292) for a push to `endpointOrigin`. */
export function verifyVapid(
  authorizationHeader: string | undefined,
  endpointOrigin: string,
  now = Date.now(),
): { subject: string; publicKey: string } {
  if (!authorizationHeader) throw new Error('VAPID: no Authorization header')
  const scheme = /^vapid\s+(.*)$/is.exec(authorizationHeader.trim())
  if (!scheme) throw new Error(`VAPID: Authorization scheme is not "vapid": ${authorizationHeader.slice(0, 20)}…`)
  const params = new Map<string, string>()
  for (const param of (scheme[1] ?? '').split(',')) {
    const eq = param.indexOf('=')
    if (eq > 0) params.set(param.slice(0, eq).trim().toLowerCase(), param.slice(eq + 1).trim())
  }
  const token = params.get('t')
  const k = params.get('k')
  if (!token) throw new Error('VAPID: no t= (JWT) parameter')
  if (!k) throw new Error('VAPID: no k= (public key) parameter')

  const parts = token.split('.')
  if (parts.length !== 3) throw new Error(`VAPID: the JWT has ${parts.length} parts, expected 3`)
  const [headerPart = '', claimsPart = '', signaturePart = ''] = parts
  const header = parseJson(headerPart, 'header')
  if (header.alg !== 'ES256') throw new Error(`VAPID: JWT alg is ${String(header.alg)}, expected ES256`)
  const signature = Buffer.from(signaturePart, 'base64url')
  if (signature.length !== 64) throw new Error(`VAPID: JWT signature is ${signature.length} bytes, expected 64`)
  const key = vapidKeyFor(k)
  const signed = Buffer.from(`${headerPart}.${claimsPart}`)
  if (!verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, signature))
    throw new Error('VAPID: JWT signature does not verify with the public key in k=')

  const claims = parseJson(claimsPart, 'claims')
  if (claims.aud !== endpointOrigin) throw new Error(`VAPID: aud ${String(claims.aud)} is not ${endpointOrigin}`)
  const nowS = now / 1000
  if (typeof claims.exp !== 'number') throw new Error('VAPID: no numeric exp claim')
  if (claims.exp <= nowS) throw new Error(`VAPID: exp ${claims.exp} has passed`)
  if (claims.exp > nowS + MAX_VAPID_LIFETIME_S) throw new Error(`VAPID: exp ${claims.exp} is more than 24 h ahead`)
  const subject = claims.sub
  if (typeof subject !== 'string') throw new Error('VAPID: no sub claim')
  let subjectProtocol: string
  try {
    subjectProtocol = new URL(subject).protocol
  } catch {
    throw new Error(`VAPID: sub ${subject} is not a URL`)
  }
  if (subjectProtocol !== 'mailto:' && subjectProtocol !== 'https:')
    throw new Error(`VAPID: sub ${subject} is not a mailto: or https: URL`)
  return { subject, publicKey: k }
}

export interface PushServiceOptions {
  /** false: check headers and VAPID and count, without decrypting (payload is empty); for benchmarks. */
  decrypt?: boolean
  /** Largest body accepted; more answers 413 as FCM and autopush do (RFC 8030 asks for at least 4096). */
  maxBodyBytes?: number
  /** Serve HTTPS (what web-push's sendNotification needs) instead of HTTP. */
  tls?: boolean
  /** The port to listen on (a browser test's server must know the push service's origin when it starts); default any. */
  port?: number
}

export interface ReceivedPush {
  id: string
  headers: { ttl: number; urgency: string; topic: string | undefined; contentEncoding: string }
  vapid: { subject: string; publicKey: string }
  /** The decrypted body (empty with `decrypt: false`). */
  payload: Buffer
}

/** A request refused as malformed: bad headers (400), VAPID (401), undecryptable (400), too large (413). */
export interface RejectedPush {
  id: string
  status: number
  reason: string
}

export interface PushService {
  /** http(s)://127.0.0.1:<port>: the VAPID `aud` a sender must claim. */
  origin: string
  /** With `tls`: trusts the service's certificate; pass as web-push's `agent` option. */
  agent: Agent | undefined
  endpointFor(id: string): string
  /** Makes keys for `id`, registers them and returns the PushSubscription JSON a browser would give the shop. */
  subscribe(id: string): { endpoint: string; keys: { p256dh: string; auth: string } }
  register(id: string, keys: DecryptionKeys): void
  /** From now on `id`'s endpoint answers `status` (after the header and VAPID checks); 201 goes back to normal. */
  respondWith(id: string, status: number, headers?: Record<string, string>): void
  /** Accepted pushes, in order of arrival. */
  received: ReceivedPush[]
  rejected: RejectedPush[]
  /** Every request to /push/:id with the status answered (404 for unknown ids, `respondWith`'s statuses…). */
  answered: Array<{ id: string; status: number }>
  waitFor(count: number, timeoutMs?: number): Promise<void>
  close(): Promise<void>
}

const URGENCIES = new Set(['very-low', 'low', 'normal', 'high'])
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/

const tls = (file: string) => readFileSync(new URL(`../fixtures/tls/${file}`, import.meta.url))

export async function startPushService(options: PushServiceOptions = {}): Promise<PushService> {
  const decrypt = options.decrypt ?? true
  const maxBodyBytes = options.maxBodyBytes ?? 4096
  const subscriptions = new Map<string, DecryptionKeys>()
  const overrides = new Map<string, { status: number; headers: Record<string, string> }>()
  const received: ReceivedPush[] = []
  const rejected: RejectedPush[] = []
  const answered: Array<{ id: string; status: number }> = []
  const waiters = new Set<{ count: number; resolve: () => void }>()
  let origin = ''

  const answer = (res: ServerResponse, id: string, status: number, body = '', headers: Record<string, string> = {}) => {
    answered.push({ id, status })
    res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers })
    res.end(body)
  }
  const reject = (res: ServerResponse, id: string, status: number, reason: string) => {
    rejected.push({ id, status, reason })
    answer(res, id, status, reason)
  }

  const handle = (req: IncomingMessage, res: ServerResponse, body: Buffer, tooLarge: boolean) => {
    const match = /^\/push\/([^/?]+)$/.exec(req.url ?? '')
    if (!match) {
      res.writeHead(404).end('No such endpoint')
      return
    }
    let id: string
    try {
      id = decodeURIComponent(match[1] ?? '')
    } catch {
      res.writeHead(404).end('No such endpoint')
      return
    }
    if (req.method !== 'POST') return answer(res, id, 405, 'Push messages are POSTed', { Allow: 'POST' })
    if (tooLarge) return reject(res, id, 413, `Body over ${maxBodyBytes} bytes`)

    const ttlHeader = req.headers.ttl
    if (ttlHeader === undefined) return reject(res, id, 400, 'Missing TTL header')
    if (!/^\d+$/.test(ttlHeader.toString())) return reject(res, id, 400, `TTL ${ttlHeader.toString()} is not a number`)
    const contentEncoding = req.headers['content-encoding'] ?? ''
    if (contentEncoding !== 'aes128gcm')
      return reject(res, id, 400, `Content-Encoding ${contentEncoding || '(none)'} is not aes128gcm`)
    const urgency = req.headers.urgency?.toString() ?? 'normal'
    if (!URGENCIES.has(urgency)) return reject(res, id, 400, `Urgency ${urgency} is not one of RFC 8030's`)
    const topic = req.headers.topic?.toString()
    if (topic !== undefined && !TOPIC.test(topic)) return reject(res, id, 400, `Topic ${topic} is not ≤ 32 base64url`)

    let vapid: { subject: string; publicKey: string }
    try {
      vapid = verifyVapid(req.headers.authorization, origin)
    } catch (error) {
      return reject(res, id, 401, (error as Error).message)
    }

    const override = overrides.get(id)
    if (override) return answer(res, id, override.status, `Answering ${override.status} as told`, override.headers)
    const keys = subscriptions.get(id)
    if (!keys) return answer(res, id, 404, `No subscription ${id}`)

    let payload: Buffer = Buffer.alloc(0)
    if (decrypt) {
      try {
        payload = decryptAes128gcm(body, keys)
      } catch (error) {
        return reject(res, id, 400, (error as Error).message)
      }
    }
    const ttl = Number(ttlHeader)
    received.push({ id, headers: { ttl, urgency, topic, contentEncoding }, vapid, payload })
    answer(res, id, 201, '', { Location: `${origin}/message/${randomUUID()}`, TTL: String(ttl) })
    for (const waiter of waiters) {
      if (received.length >= waiter.count) {
        waiters.delete(waiter)
        waiter.resolve()
      }
    }
  }

  const listener: RequestListener = (req, res) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= maxBodyBytes) chunks.push(chunk)
    })
    req.on('end', () => handle(req, res, Buffer.concat(chunks), size > maxBodyBytes))
  }
  const server = options.tls
    ? createHttpsServer({ key: tls('test-only.key'), cert: tls('test-only.crt') }, listener)
    : createHttpServer(listener)
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  origin = `${options.tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`
  // Keep-alive for the benchmark's thousands of pushes; a cap on sockets so a burst does not run out of files.
  const agent = options.tls ? new Agent({ ca: tls('test-only.crt'), keepAlive: true, maxSockets: 64 }) : undefined
  const endpointFor = (id: string) => `${origin}/push/${encodeURIComponent(id)}`

  return {
    origin,
    agent,
    endpointFor,
    subscribe(id) {
      const keys = newSubscriptionKeys()
      subscriptions.set(id, keys)
      return { endpoint: endpointFor(id), keys: { p256dh: keys.p256dh, auth: keys.auth } }
    },
    register(id, keys) {
      subscriptions.set(id, keys)
    },
    respondWith(id, status, headers = {}) {
      if (status === 201) overrides.delete(id)
      else overrides.set(id, { status, headers })
    },
    received,
    rejected,
    answered,
    waitFor(count, timeoutMs = 5000) {
      if (received.length >= count) return Promise.resolve()
      return new Promise((resolve, rejectWait) => {
        const waiter = {
          count,
          resolve: () => {
            clearTimeout(timer)
            resolve()
          },
        }
        const timer = setTimeout(() => {
          waiters.delete(waiter)
          const reasons = rejected.slice(-3).map((r) => `${r.status} ${r.reason}`)
          rejectWait(
            new Error(
              `Push service: ${received.length} of ${count} pushes after ${timeoutMs} ms` +
                (reasons.length ? `; last rejected: ${reasons.join(' | ')}` : ''),
            ),
          )
        }, timeoutMs)
        waiters.add(waiter)
      })
    },
    close() {
      agent?.destroy()
      return new Promise<void>((resolve, rejectClose) => {
        server.close((error) => (error ? rejectClose(error) : resolve()))
        server.closeAllConnections()
      })
    },
  }
}
