// The photo store on disk: uploads land as temporary files, are kept under random names, and what a crash left
// behind is cleaned up; nothing a customer sends ever becomes part of a path.
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, describe, expect, it } from 'vitest'
import { ReturnPhotos } from './return-photos.ts'
import { JPEG, PDF } from './return-test-setup.ts'

const dir = mkdtempSync(join(tmpdir(), 'shop-photos-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const photos = new ReturnPhotos(dir)

describe('return photos on disk', () => {
  it('receives an upload as a temporary file, then keeps it under a random name', async () => {
    const received = await photos.receive(Readable.from([JPEG]))
    expect(received).toMatchObject({ size: JPEG.length, type: 'image/jpeg', truncated: false })
    expect(received.path.startsWith(join(dir, 'returns', 'incoming'))).toBe(true)
    const name = await photos.keep({ ...received, type: 'image/jpeg' })
    expect(name).toMatch(/^[\w-]{22}\.jpg$/)
    expect(await photos.files()).toEqual({ kept: [name], incoming: [] })
    await photos.discard({ name })
    expect(await photos.files()).toEqual({ kept: [], incoming: [] })
  })

  it('tells a PDF by its bytes, whatever it is called', async () => {
    const received = await photos.receive(Readable.from([PDF]))
    expect(received.type).toBeNull()
    await photos.discard(received)
  })

  it.each(['../../etc/passwd', 'x.jpg', 'AAAAAAAAAAAAAAAAAAAAAA.exe', '/AAAAAAAAAAAAAAAAAAAAAA.jpg'])(
    'refuses %s as a stored name',
    (name) => expect(() => photos.pathOf(name)).toThrow(),
  )

  it('removes temporary files older than an hour, and only those', async () => {
    const incoming = join(dir, 'returns', 'incoming')
    writeFileSync(join(incoming, 'old.part'), 'x')
    writeFileSync(join(incoming, 'new.part'), 'x')
    const twoHoursAgo = (Date.now() - 2 * 3_600_000) / 1000
    utimesSync(join(incoming, 'old.part'), twoHoursAgo, twoHoursAgo)
    expect(await photos.removeStale(Date.now())).toBe(1)
    expect((await photos.files()).incoming).toEqual(['new.part'])
  })
})
