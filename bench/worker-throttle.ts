// Network conditions for service workers, which a page's own emulation does not reach: the requests a worker makes
// (the precache, its network-first page fetch) go out under the worker's DevTools target. Playwright hands out CDP
// sessions for pages only, so this is a second, flat CDP connection to the same Chromium (started with
// --remote-debugging-port) that attaches to every service worker as it starts, paused, sets the current conditions
// and lets it run. It also counts what the workers fetch, to show that the throttling holds and when they are idle.

export interface Conditions {
  offline: boolean
  latency: number
  downloadThroughput: number
  uploadThroughput: number
}

export const UNTHROTTLED: Conditions = { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 }

/** One request a worker made: when it was sent and finished (CDP monotonic seconds), and its bytes on the wire. */
export interface WorkerRequest {
  url: string
  sent: number
  finished?: number
  bytes: number
  failed?: string
}

interface Message {
  id?: number
  method?: string
  params?: Record<string, unknown>
  sessionId?: string
  result?: unknown
  error?: { message: string }
}

export class WorkerThrottle {
  private nextId = 1
  private pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  private sessions = new Set<string>()
  private conditions = UNTHROTTLED
  readonly requests = new Map<string, WorkerRequest>()

  private socket: WebSocket

  private constructor(socket: WebSocket) {
    this.socket = socket
    socket.addEventListener('message', (event) => this.receive(JSON.parse(String(event.data)) as Message))
  }

  static async connect(debuggingPort: number): Promise<WorkerThrottle> {
    const version = (await (await fetch(`http://127.0.0.1:${debuggingPort}/json/version`)).json()) as {
      webSocketDebuggerUrl: string
    }
    const socket = new WebSocket(version.webSocketDebuggerUrl)
    await new Promise((resolve, reject) => {
      socket.addEventListener('open', resolve, { once: true })
      socket.addEventListener('error', reject, { once: true })
    })
    const throttle = new WorkerThrottle(socket)
    // Paused at start, so not one of a worker's requests goes out before its conditions are set.
    await throttle.send('Target.setAutoAttach', {
      autoAttach: true,
      waitForDebuggerOnStart: true,
      flatten: true,
      filter: [{ type: 'service_worker' }, { exclude: true }],
    })
    return throttle
  }

  /** Applies to the running workers and to every one that starts later. */
  async set(conditions: Conditions): Promise<void> {
    this.conditions = conditions
    await Promise.all([...this.sessions].map((sessionId) => this.apply(sessionId)))
  }

  /** Requests of the workers still under way. */
  inFlight(): WorkerRequest[] {
    return [...this.requests.values()].filter((request) => request.finished === undefined && !request.failed)
  }

  close(): void {
    this.socket.close()
  }

  private apply(sessionId: string) {
    return this.send('Network.emulateNetworkConditions', { ...this.conditions }, sessionId).catch(() => undefined)
  }

  private send(method: string, params: object, sessionId?: string): Promise<unknown> {
    const id = this.nextId++
    this.socket.send(JSON.stringify({ id, method, params, ...(sessionId && { sessionId }) }))
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }))
  }

  private receive(message: Message): void {
    if (message.id !== undefined) {
      const waiting = this.pending.get(message.id)
      this.pending.delete(message.id)
      if (message.error) waiting?.reject(new Error(message.error.message))
      else waiting?.resolve(message.result)
      return
    }
    const params = message.params ?? {}
    const key = `${message.sessionId}:${String(params.requestId)}`
    switch (message.method) {
      case 'Target.attachedToTarget': {
        const sessionId = params.sessionId as string
        this.sessions.add(sessionId)
        void Promise.all([this.send('Network.enable', {}, sessionId), this.apply(sessionId)])
          .then(() => this.send('Runtime.runIfWaitingForDebugger', {}, sessionId))
          .catch(() => undefined)
        break
      }
      case 'Target.detachedFromTarget': {
        // A worker that stopped reports nothing more of the requests it had open.
        const sessionId = params.sessionId as string
        this.sessions.delete(sessionId)
        for (const [id, request] of this.requests)
          if (id.startsWith(`${sessionId}:`) && request.finished === undefined) request.failed ??= 'the worker stopped'
        break
      }
      case 'Network.requestWillBeSent':
        this.requests.set(key, {
          url: (params.request as { url: string }).url,
          sent: params.timestamp as number,
          bytes: 0,
        })
        break
      case 'Network.loadingFinished': {
        const request = this.requests.get(key)
        if (request) Object.assign(request, { finished: params.timestamp, bytes: params.encodedDataLength })
        break
      }
      case 'Network.loadingFailed': {
        const request = this.requests.get(key)
        if (request) request.failed = params.errorText as string
        break
      }
    }
  }
}
