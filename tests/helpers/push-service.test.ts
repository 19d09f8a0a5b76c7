import { request } from 'node:https'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import webpush from 'web-push'
import { decryptAes128gcm, newSubscriptionKeys, startPushService, verifyVapid } from './push-service.ts'
import type { PushService } from './push-service.ts'

const vapidKeys = webpush.generateVAPIDKeys()
const vapidDetails = { subject: 'mailto:shop@example.test', ...vapidKeys }

/** Posts web-push's request details with fetch over plain HTTP, as the shop's sender does. */
const fetchPush = async (subscription: webpush.PushSubscription, payload: string) => {
  const details = webpush.generateRequestDetails(subscription, payload, { vapidDetails, TTL: 60 })
  const response = await fetch(details.endpoint, {
    method: details.method,
    headers: details.headers as Record<string, string>,
    body: details.body ? new Uint8Array(details.body) : null,
  })
  return { status: response.status, body: await response.text() }
}

describe('decryptAes128gcm', () => {
  it('decrypts the example message of RFC 8291 appendix A', () => {
    const b64 = (text: string) => Buffer.from(text, 'base64url')
    const keys = {
      privateKey: b64('q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94'),
      publicKey: b64('BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4'),
      authSecret: b64('BTBZMqHH6r4Tts7J_aSIgg'),
    }
    const body = b64(
      'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
    )
    expect(decryptAes128gcm(body, keys).toString()).toBe('When I grow up, I want to be a watermelon')
  })

  it('decrypts a message of several records', () => {
    const keys = newSubscriptionKeys()
    const payload = Buffer.alloc(10_000, 'horse feed ')
    const { cipherText } = webpush.encrypt(keys.p256dh, keys.auth, payload, 'aes128gcm')
    expect(cipherText.length).toBeGreaterThan(2 * 4096)
    expect(decryptAes128gcm(cipherText, keys)).toEqual(payload)
  })

  it('refuses a message that was altered or meant for another subscription', () => {
    const keys = newSubscriptionKeys()
    const { cipherText } = webpush.encrypt(keys.p256dh, keys.auth, 'hello', 'aes128gcm')
    const altered = Buffer.from(cipherText)
    altered[altered.length - 20] = (altered[altered.length - 20] ?? 0) ^ 1
    expect(() => decryptAes128gcm(altered, keys)).toThrow(/does not authenticate/)
    expect(() => decryptAes128gcm(cipherText, newSubscriptionKeys())).toThrow(/does not authenticate/)
    expect(() => decryptAes128gcm(cipherText.subarray(0, 30), keys)).toThrow(/keyid/)
  })
})

describe('verifyVapid', () => {
  const audience = 'https://push.example.test'
  const header = () =>
    webpush.getVapidHeaders(audience, vapidDetails.subject, vapidKeys.publicKey, vapidKeys.privateKey, 'aes128gcm')
      .Authorization

  it('reports the subject and public key of a valid header', () => {
    expect(verifyVapid(header(), audience)).toEqual({ subject: vapidDetails.subject, publicKey: vapidKeys.publicKey })
  })

  it('names the claim or part that fails', () => {
    const now = Date.now()
    expect(() => verifyVapid(undefined, audience)).toThrow(/no Authorization header/)
    expect(() => verifyVapid(header(), 'https://other.example.test')).toThrow(/aud/)
    expect(() => verifyVapid(header(), audience, now + 13 * 3600_000)).toThrow(/exp .* has passed/)
    expect(() => verifyVapid(header(), audience, now - 13 * 3600_000)).toThrow(/more than 24 h ahead/)
    expect(() => verifyVapid(header().replace('vapid ', 'WebPush '), audience)).toThrow(/scheme/)
  })
})

describe('startPushService({ tls: true }) with web-push as the sender', () => {
  let service: PushService
  const send = (id: string, payload: unknown, options: webpush.RequestOptions = {}) =>
    webpush.sendNotification(service.subscribe(id), JSON.stringify(payload), {
      vapidDetails,
      TTL: 60,
      contentEncoding: 'aes128gcm',
      agent: service.agent,
      ...options,
    })

  beforeAll(async () => {
    service = await startPushService({ tls: true })
  })
  afterAll(() => service.close())

  it('decrypts the exact payload and reports the VAPID subject and key', async () => {
    const payload = { title: 'Your order has shipped', url: '/nl/account/orders/1042', tag: 'order-1042' }
    const result = await send('order-shipped', payload, { urgency: 'high', topic: 'order-1042' })

    expect(result.statusCode).toBe(201)
    expect(result.headers.location).toMatch(new RegExp(`^${service.origin}/message/`))
    const push = service.received.find((r) => r.id === 'order-shipped')
    expect(JSON.parse(push?.payload.toString() ?? '')).toEqual(payload)
    expect(push?.vapid).toEqual({ subject: 'mailto:shop@example.test', publicKey: vapidKeys.publicKey })
    expect(push?.headers).toEqual({ ttl: 60, urgency: 'high', topic: 'order-1042', contentEncoding: 'aes128gcm' })
  })

  it('answers 401 to a JWT signed with a private key that does not belong to the claimed public key', async () => {
    const other = webpush.generateVAPIDKeys()
    const sending = send('bad-vapid', { title: 'x' }, { vapidDetails: { ...vapidDetails, publicKey: other.publicKey } })

    await expect(sending).rejects.toBeInstanceOf(webpush.WebPushError)
    await expect(sending).rejects.toMatchObject({ statusCode: 401, body: expect.stringMatching(/signature/) })
    expect(service.rejected).toContainEqual({
      id: 'bad-vapid',
      status: 401,
      reason: expect.stringMatching(/signature/),
    })
    expect(service.received.some((r) => r.id === 'bad-vapid')).toBe(false)
  })

  it('accepts a payload of 3 KB and answers 413 to a body over 4096 bytes', async () => {
    const big = { text: 'x'.repeat(3000) }
    await send('three-kb', big)
    expect(JSON.parse(service.received.find((r) => r.id === 'three-kb')?.payload.toString() ?? '')).toEqual(big)

    await expect(send('bad-too-large', { text: 'x'.repeat(4100) })).rejects.toMatchObject({ statusCode: 413 })
  })

  it('makes sendNotification reject with the status respondWith set', async () => {
    const subscription = service.subscribe('unsubscribed')
    service.respondWith('unsubscribed', 410)
    const sending = webpush.sendNotification(subscription, 'hi', { vapidDetails, TTL: 60, agent: service.agent })

    await expect(sending).rejects.toBeInstanceOf(webpush.WebPushError)
    await expect(sending).rejects.toMatchObject({ statusCode: 410, endpoint: subscription.endpoint })
    service.respondWith('unsubscribed', 429, { 'Retry-After': '30' })
    await expect(
      webpush.sendNotification(subscription, 'hi', { vapidDetails, TTL: 60, agent: service.agent }),
    ).rejects.toMatchObject({ statusCode: 429, headers: expect.objectContaining({ 'retry-after': '30' }) })
  })

  it('answers 404 for a subscription it does not know', async () => {
    const keys = newSubscriptionKeys()
    const subscription = { endpoint: service.endpointFor('never-subscribed'), keys }
    const sending = webpush.sendNotification(subscription, 'hi', { vapidDetails, TTL: 60, agent: service.agent })

    await expect(sending).rejects.toMatchObject({ statusCode: 404 })
    expect(service.answered).toContainEqual({ id: 'never-subscribed', status: 404 })
  })

  it('answers 400 to the old aesgcm encoding and to a push without TTL', async () => {
    await expect(send('bad-aesgcm', { title: 'x' }, { contentEncoding: 'aesgcm' })).rejects.toMatchObject({
      statusCode: 400,
      body: expect.stringMatching(/aes128gcm/),
    })

    service.subscribe('bad-no-ttl')
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request(service.endpointFor('bad-no-ttl'), { method: 'POST', agent: service.agent }, (res) => {
        res.resume()
        resolve(res.statusCode)
      })
      req.on('error', reject)
      req.end()
    })
    expect(status).toBe(400)
    expect(service.rejected).toContainEqual({ id: 'bad-no-ttl', status: 400, reason: 'Missing TTL header' })
  })

  it('rejected only the requests meant to be bad', () => {
    expect(service.rejected.filter((r) => !r.id.startsWith('bad-'))).toEqual([])
  })
})

describe('startPushService over plain HTTP', () => {
  it('takes the request web-push details, posted with fetch', async () => {
    const service = await startPushService()
    try {
      expect(service.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(await fetchPush(service.subscribe('fetch'), '{"title":"Back in stock"}')).toEqual({
        status: 201,
        body: '',
      })
      expect(service.received.map((r) => r.payload.toString())).toEqual(['{"title":"Back in stock"}'])
    } finally {
      await service.close()
    }
  })

  it('checks VAPID and counts many pushes without decrypting them with decrypt: false', async () => {
    const service = await startPushService({ decrypt: false })
    try {
      const subscription = service.subscribe('bench')
      const statuses = await Promise.all(
        Array.from({ length: 200 }, async (_, i) => (await fetchPush(subscription, `${i}`)).status),
      )
      await service.waitFor(200, 1000)

      expect(new Set(statuses)).toEqual(new Set([201]))
      expect(service.received).toHaveLength(200)
      expect(service.received[0]?.payload).toEqual(Buffer.alloc(0))
      expect(service.rejected).toEqual([])
      await expect(service.waitFor(201, 50)).rejects.toThrow(/200 of 201 pushes/)
    } finally {
      await service.close()
    }
  })
})
