// A map tile server on this machine, speaking the protocol of OpenStreetMap's (the dealer finder's MAP_TILE_URL): a
// PNG of 256 × 256 pixels at /{z}/{x}/{y}.png, for zoom 0–19 and the tiles that exist at that zoom; anything else is
// a 404. The real one cannot be reached from here: with this one the finder's map is tested, and measured, as it is
// with a reachable tile server. Its tiles are plain (a land colour and the tile's edge), enough to see them laid out.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'

export interface TileServer {
  /** The template for MAP_TILE_URL. */
  url: string
  /** The tiles asked for, as 'z/x/y', in order. */
  served: string[]
  close: () => Promise<void>
}

const TILE = /^\/(\d{1,2})\/(\d{1,6})\/(\d{1,6})\.png$/
const MAX_ZOOM = 19

/** Listens on a free port of 127.0.0.1. */
export async function startTileServer(): Promise<TileServer> {
  const png = await sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">' +
        '<rect width="256" height="256" fill="#eef0e6"/>' +
        '<path d="M0.5 0.5H255.5V255.5" fill="none" stroke="#d5d9c8"/></svg>',
    ),
  )
    .png()
    .toBuffer()
  const served: string[] = []
  const server: Server = createServer((request, response) => {
    const match = request.method === 'GET' ? TILE.exec(request.url ?? '') : null
    const [z, x, y] = match ? match.slice(1).map(Number) : []
    if (z === undefined || x === undefined || y === undefined || z > MAX_ZOOM || x >= 2 ** z || y >= 2 ** z) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('no such tile')
      return
    }
    served.push(`${z}/${x}/${y}`)
    response
      .writeHead(200, {
        'content-type': 'image/png',
        'content-length': png.length,
        'cache-control': 'public, max-age=604800',
        'access-control-allow-origin': '*',
      })
      .end(png)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
