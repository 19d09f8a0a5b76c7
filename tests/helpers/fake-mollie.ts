// A stand-in for Mollie's API, for the Mollie adapter's tests: POST /v2/payments, GET /v2/payments/:id,
// POST /v2/payments/:id/refunds (one refund per Idempotency-Key, as Mollie replays a known key's answer) and
// GET /v2/methods/:id (?include=issuers adds iDEAL's banks) with the answers (and error bodies) Mollie gives, over
// HTTPS on 127.0.0.1 and a free port. @mollie/api-client only speaks HTTPS and trusts only the certificate
// authorities it ships, so while the stand-in runs this process skips certificate checks
// (NODE_TLS_REJECT_UNAUTHORIZED=0, put back on close); the certificate in tests/fixtures/tls is a self-signed one
// made for these tests only.
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'

export const FAKE_MOLLIE_KEY = 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM'

export interface FakeMolliePayment {
  id: string
  status: 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired'
  /** The create call's body as sent. */
  request: Record<string, unknown>
}

const tls = (file: string) => readFileSync(new URL(`../fixtures/tls/${file}`, import.meta.url))

/** iDEAL's banks as Mollie lists them (a few; change `issuers` in a test to see the adapter follow). */
export const FAKE_MOLLIE_IDEAL_ISSUERS = [
  { id: 'ideal_ABNANL2A', name: 'ABN AMRO' },
  { id: 'ideal_INGBNL2A', name: 'ING' },
  { id: 'ideal_RABONL2U', name: 'Rabobank' },
  { id: 'ideal_SNSBNL2A', name: 'SNS' },
]

export interface FakeMollieRefund {
  id: string
  paymentId: string
  /** The create call's body as sent. */
  request: { amount?: { currency: string; value: string }; description?: string } & Record<string, unknown>
  idempotencyKey: string | undefined
  /** Mollie's status of the refund: `pending` when made; set it to see the shop follow it. */
  status?: string
}

export interface FakeMollie {
  /** The API root for MOLLIE_API_URL / apiEndpoint. */
  url: string
  payments: Map<string, FakeMolliePayment>
  /** Refunds made, in order (a replayed Idempotency-Key adds none). */
  refunds: FakeMollieRefund[]
  /** iDEAL's issuers as answered now. */
  issuers: { id: string; name: string }[]
  /** Every request's method and path with query, in order (to see what the adapter asked, and how often). */
  requests: string[]
  /** The key it accepts; change it to see the adapter refused. */
  apiKey: string
  close(): Promise<void>
}

export async function startFakeMollie(): Promise<FakeMollie> {
  const previousTls = process.env.NODE_TLS_REJECT_UNAUTHORIZED
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0'
  const payments = new Map<string, FakeMolliePayment>()
  const requests: string[] = []
  const refunds: FakeMollieRefund[] = []
  let issuers = [...FAKE_MOLLIE_IDEAL_ISSUERS]
  let counter = 0
  const state = { apiKey: FAKE_MOLLIE_KEY }
  const server: Server = createServer({ key: tls('test-only.key'), cert: tls('test-only.crt') }, (req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': status < 300 ? 'application/hal+json' : 'application/problem+json' })
        res.end(JSON.stringify(json))
      }
      const problem = (status: number, title: string, detail: string) =>
        send(status, {
          status,
          title,
          detail,
          _links: { documentation: { href: 'https://docs.mollie.com/overview/handling-errors', type: 'text/html' } },
        })
      requests.push(`${req.method} ${req.url}`)
      if (req.headers.authorization !== `Bearer ${state.apiKey}`)
        return problem(401, 'Unauthorized Request', 'Missing authentication, or failed to authenticate')
      const get = /^\/v2\/payments\/([^/?]+)$/.exec(req.url ?? '')
      const url = new URL(req.url ?? '/', 'https://api.mollie.com')
      const method = /^\/v2\/methods\/([^/]+)$/.exec(url.pathname)
      if (req.method === 'GET' && method) {
        if (method[1] !== 'ideal' && method[1] !== 'creditcard')
          return problem(404, 'Not Found', 'The payment method is invalid or not activated on this profile.')
        const withIssuers = (url.searchParams.get('include') ?? '').split(',').includes('issuers')
        return send(200, methodAnswer(method[1], withIssuers ? issuers : undefined))
      }
      if (req.method === 'POST' && req.url === '/v2/payments') {
        const id = `tr_Fake${++counter}Qx`
        const payment: FakeMolliePayment = { id, status: 'open', request: JSON.parse(body) as Record<string, unknown> }
        payments.set(id, payment)
        return send(201, answer(payment))
      }
      const refund = /^\/v2\/payments\/([^/?]+)\/refunds$/.exec(req.url ?? '')
      if (req.method === 'POST' && refund) {
        const payment = payments.get(refund[1]!)
        if (!payment) return problem(404, 'Not Found', `No payment exists with token ${refund[1]}.`)
        const key = req.headers['idempotency-key']
        const idempotencyKey = typeof key === 'string' ? key : undefined
        const known = refunds.find((r) => idempotencyKey !== undefined && r.idempotencyKey === idempotencyKey)
        if (known) return send(201, refundAnswer(known))
        if (payment.status !== 'paid')
          return problem(422, 'Unprocessable Entity', 'The payment cannot be refunded: it has not been paid.')
        const made: FakeMollieRefund = {
          id: `re_Fake${++counter}Rf`,
          paymentId: payment.id,
          request: JSON.parse(body) as FakeMollieRefund['request'],
          idempotencyKey,
        }
        refunds.push(made)
        return send(201, refundAnswer(made))
      }
      const oneRefund = /^\/v2\/payments\/([^/?]+)\/refunds\/([^/?]+)$/.exec(req.url ?? '')
      if (req.method === 'GET' && oneRefund) {
        const made = refunds.find((r) => r.paymentId === oneRefund[1] && r.id === oneRefund[2])
        if (!made) return problem(404, 'Not Found', `No refund exists with token ${oneRefund[2]}.`)
        return send(200, refundAnswer(made))
      }
      if (req.method === 'GET' && get) {
        const payment = payments.get(get[1]!)
        if (!payment) return problem(404, 'Not Found', `No payment exists with token ${get[1]}.`)
        return send(200, answer(payment))
      }
      return problem(404, 'Not Found', 'The resource does not exist.')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `https://127.0.0.1:${port}/v2/`,
    payments,
    refunds,
    requests,
    get issuers() {
      return issuers
    },
    set issuers(list) {
      issuers = list
    },
    get apiKey() {
      return state.apiKey
    },
    set apiKey(key: string) {
      state.apiKey = key
    },
    close: async () => {
      await new Promise((resolve) => server.close(resolve))
      if (previousTls === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED
      else process.env.NODE_TLS_REJECT_UNAUTHORIZED = previousTls
    },
  }
}

/** A payment as Mollie's API answers it (the fields the client reads, and a few more). */
function answer({ id, status, request }: FakeMolliePayment) {
  return {
    resource: 'payment',
    id,
    mode: 'test',
    status,
    isCancelable: false,
    amount: request.amount,
    description: request.description,
    method: request.method ?? null,
    metadata: request.metadata ?? null,
    locale: request.locale,
    redirectUrl: request.redirectUrl,
    webhookUrl: request.webhookUrl,
    profileId: 'pfl_QkEhN94Ba',
    sequenceType: 'oneoff',
    createdAt: '2026-11-26T10:00:00+00:00',
    expiresAt: '2026-11-26T10:15:00+00:00',
    ...(status === 'paid' && { paidAt: '2026-11-26T10:05:00+00:00' }),
    _links: {
      self: { href: `https://api.mollie.com/v2/payments/${id}`, type: 'application/hal+json' },
      ...(status === 'open' && {
        checkout: { href: `https://www.mollie.com/checkout/select-method/${id}`, type: 'text/html' },
      }),
      dashboard: { href: `https://www.mollie.com/dashboard/org_1/payments/${id}`, type: 'text/html' },
    },
  }
}

/** A refund as Mollie's API answers it when it is made (`pending`: Mollie sends the money with the next batch). */
function refundAnswer({ id, paymentId, request, status = 'pending' }: FakeMollieRefund) {
  return {
    resource: 'refund',
    id,
    mode: 'test',
    amount: request.amount,
    description: request.description ?? '',
    metadata: request.metadata ?? null,
    status,
    paymentId,
    createdAt: '2026-11-26T10:10:00+00:00',
    _links: {
      self: { href: `https://api.mollie.com/v2/payments/${paymentId}/refunds/${id}`, type: 'application/hal+json' },
      payment: { href: `https://api.mollie.com/v2/payments/${paymentId}`, type: 'application/hal+json' },
    },
  }
}

/** A method as Mollie's API answers it, with its issuers when asked to include them. */
function methodAnswer(id: string, issuers: { id: string; name: string }[] | undefined) {
  const image = (name: string) => ({
    size1x: `https://www.mollie.com/external/icons/${name}.png`,
    size2x: `https://www.mollie.com/external/icons/${name}%402x.png`,
    svg: `https://www.mollie.com/external/icons/${name}.svg`,
  })
  return {
    resource: 'method',
    id,
    description: id === 'ideal' ? 'iDEAL' : 'Card',
    minimumAmount: { value: '0.01', currency: 'EUR' },
    maximumAmount: { value: '50000.00', currency: 'EUR' },
    image: image(`payment-methods/${id}`),
    status: 'activated',
    ...(issuers && {
      issuers: issuers.map((issuer) => ({
        resource: 'issuer',
        id: issuer.id,
        name: issuer.name,
        image: image(`ideal-issuers/${issuer.id.replace('ideal_', '')}`),
      })),
    }),
    _links: { self: { href: `https://api.mollie.com/v2/methods/${id}`, type: 'application/hal+json' } },
  }
}
