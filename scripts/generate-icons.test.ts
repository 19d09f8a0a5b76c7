import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BRAND_THEME, BRANDS } from '../src/domain/brands.ts'
import { checkMark, generateIcons, ICONS, ICONS_DIR, SOURCE_DIR, whiteVariant } from './generate-icons.ts'

type Pixels = { data: Buffer; width: number; height: number }

/** RGBA pixels of an image file or buffer. */
async function pixels(input: string | Buffer): Promise<Pixels> {
  const { data, info } = await sharp(input).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}

function pixelAt({ data, width }: Pixels, x: number, y: number): number[] {
  const offset = (y * width + x) * 4
  return [...data.subarray(offset, offset + 4)]
}

function rgba(hex: string): number[] {
  return [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16)).concat(255)
}

function colourCount({ data }: Pixels): number {
  const colours = new Set<number>()
  for (let offset = 0; offset < data.length; offset += 4) colours.add(data.readUInt32BE(offset))
  return colours.size
}

describe.each(BRANDS)('%s icons', (brand) => {
  const { primary, background } = BRAND_THEME[brand]

  it('has a small, self-contained source mark, copied unchanged next to the PNGs', () => {
    const source = readFileSync(join(SOURCE_DIR, `${brand}.svg`), 'utf8')
    expect(Buffer.byteLength(source)).toBeLessThan(3 * 1024)
    expect(() => checkMark(brand, source)).not.toThrow()
    expect(whiteVariant(source)).not.toMatch(/(fill|stroke)="#(?!ffffff")/)
    expect(readFileSync(join(ICONS_DIR, `${brand}.svg`), 'utf8')).toBe(source)
  })

  it.each(ICONS)('$suffix is a $size×$size PNG', async ({ suffix, size }) => {
    const file = join(ICONS_DIR, `${brand}-${suffix}.png`)
    expect(existsSync(file), `${file} exists`).toBe(true)
    const metadata = await sharp(file).metadata()
    expect(metadata.format).toBe('png')
    expect([metadata.width, metadata.height]).toEqual([size, size])
  })

  it.each(ICONS.filter((icon) => icon.variant === 'maskable'))(
    '$suffix bleeds the primary colour outside the safe zone',
    async ({ suffix, size }) => {
      const image = await pixels(join(ICONS_DIR, `${brand}-${suffix}.png`))
      const expected = rgba(primary)
      for (const [x, y] of [
        [0, 0],
        [size - 1, 0],
        [0, size - 1],
        [size - 1, size - 1],
      ] as const) {
        expect(pixelAt(image, x, y), `corner ${x},${y}`).toEqual(expected)
      }
      // Everything outside the central circle of 80 % diameter is background, so no mask can cut into the mark.
      const centre = (size - 1) / 2
      const safeRadius = 0.4 * size
      let outside = 0
      for (let y = 0; y < size; y++) {
        for (let x = 0; x < size; x++) {
          if (Math.hypot(x - centre, y - centre) <= safeRadius) continue
          if (pixelAt(image, x, y).join() !== expected.join()) outside++
        }
      }
      expect(outside, 'pixels of the mark outside the safe zone').toBe(0)
    },
  )

  it.each(['512', 'maskable-512'])('%s is not blank', async (suffix) => {
    const image = await pixels(join(ICONS_DIR, `${brand}-${suffix}.png`))
    expect(colourCount(image)).toBeGreaterThan(1)
  })

  it('has opaque plain icons on the brand background', async () => {
    for (const suffix of ['192', '512']) {
      const image = await pixels(join(ICONS_DIR, `${brand}-${suffix}.png`))
      expect(pixelAt(image, 0, 0), `${suffix} corner`).toEqual(rgba(background))
    }
  })
})

describe('generate-icons', () => {
  let first: string
  let second: string

  beforeAll(async () => {
    first = mkdtempSync(join(tmpdir(), 'icons-'))
    second = mkdtempSync(join(tmpdir(), 'icons-'))
    await generateIcons(first)
    await generateIcons(second)
  })

  afterAll(() => {
    rmSync(first, { recursive: true, force: true })
    rmSync(second, { recursive: true, force: true })
  })

  const files = BRANDS.flatMap((brand) => [`${brand}.svg`, ...ICONS.map((icon) => `${brand}-${icon.suffix}.png`)])

  it('writes the same bytes on a second run', () => {
    for (const name of files)
      expect(readFileSync(join(second, name)).equals(readFileSync(join(first, name))), name).toBe(true)
  })

  it('matches the committed icons (regenerate with `node_modules/.bin/node scripts/generate-icons.ts`)', async () => {
    for (const name of files.filter((file) => file.endsWith('.png'))) {
      const fresh = await pixels(join(first, name))
      const committed = await pixels(join(ICONS_DIR, name))
      expect([committed.width, committed.height], name).toEqual([fresh.width, fresh.height])
      // Pixels rather than bytes: another zlib build may compress the same image differently.
      let maxDifference = 0
      for (let i = 0; i < fresh.data.length; i++) {
        maxDifference = Math.max(maxDifference, Math.abs((fresh.data[i] ?? 0) - (committed.data[i] ?? 0)))
      }
      expect(maxDifference, `${name} differs from a fresh render`).toBeLessThanOrEqual(2)
    }
  })
})
