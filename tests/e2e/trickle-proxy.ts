// A proxy in front of the shared server that sends each page's HTML in small pieces with a pause between them, as
// a weak mobile line does: the browser parses and paints what it has after each piece, so a layout that holds only
// once the whole document is there shows it. Everything else (scripts, pictures, API calls) passes straight through.
import { createServer, request as forward, type Server } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'

export interface TrickleProxy {
  origin: (host: string) => string
  close: () => Promise<void>
}

/** Listens on `port`, forwarding to `target` (a port on localhost); documents go out `piece` bytes every `pause` ms. */
export async function startTrickleProxy(
  port: number,
  target: number,
  { piece = 1500, pause = 60 }: { piece?: number; pause?: number } = {},
): Promise<TrickleProxy> {
  const server: Server = createServer((incoming, outgoing) => {
    const isDocument = incoming.headers['sec-fetch-dest'] === 'document'
    // The server sees its own origin (its checks of Host, Origin and Referer hold).
    const headers = { ...incoming.headers }
    for (const name of ['host', 'origin', 'referer'] as const) {
      const value = headers[name]
      if (value) headers[name] = value.replace(`:${port}`, `:${target}`)
    }
    // Uncompressed, so a piece of the body is a piece of the page.
    if (isDocument) delete headers['accept-encoding']
    const upstream = forward(
      { host: '127.0.0.1', port: target, method: incoming.method, path: incoming.url, headers },
      async (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        if (!isDocument) return void answer.pipe(outgoing)
        const body: Buffer[] = []
        for await (const chunk of answer) body.push(chunk as Buffer)
        const whole = Buffer.concat(body)
        for (let at = 0; at < whole.length; at += piece) {
          outgoing.write(whole.subarray(at, at + piece))
          await sleep(pause)
        }
        outgoing.end()
      },
    )
    upstream.on('error', () => outgoing.destroy())
    incoming.pipe(upstream)
  })
  await new Promise<void>((listening) => server.listen(port, '127.0.0.1', listening))
  return {
    origin: (host) => `http://${host}:${port}`,
    close: () =>
      new Promise<void>((closed) => {
        server.close(() => closed())
        server.closeAllConnections()
      }),
  }
}
