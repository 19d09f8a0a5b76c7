import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { IMAGE_VIEWS, IMAGE_WIDTHS } from '../../domain/product-images.ts'
import { productSvg, renderProductImage, shade, type Motif } from './product-image.ts'

const MOTIFS: Motif[] = ['bag', 'bucket', 'bottle', 'bigBag', 'brush', 'rug', 'halter', 'box', 'jar', 'kit']
const EVERY_DRAWING = MOTIFS.flatMap((motif) => IMAGE_VIEWS.map((view) => [motif, view] as const))

describe('product images', () => {
  it('darkens a colour', () => {
    expect(shade('#ff8000', 0.5)).toBe('#804000')
  })

  it.each(EVERY_DRAWING)('draws the %s motif in the %s view in the product colour', (motif, view) => {
    const svg = productSvg(motif, '#2d6a1e', view)
    expect(svg).toContain('#2d6a1e')
    expect(svg).toMatch(/^<svg [^>]+>.*<\/svg>$/)
    expect(svg).not.toMatch(/NaN|undefined|\d\.\d{3}/)
  })

  it('draws the three views differently', () => {
    const drawings = IMAGE_VIEWS.map((view) => productSvg('jar', '#8a5a00', view))
    expect(new Set(drawings).size).toBe(IMAGE_VIEWS.length)
    expect(productSvg('jar', '#8a5a00')).toBe(drawings[0])
  })

  it.each(IMAGE_VIEWS.flatMap((view) => IMAGE_WIDTHS.map((width) => [view, width] as const)))(
    'renders the %s view as a square WebP %i px wide, the same bytes every time',
    async (view, width) => {
      const image = await renderProductImage('bag', '#1f5f3a', view, width)
      const meta = await sharp(image).metadata()
      expect(meta).toMatchObject({ format: 'webp', width, height: width })
      expect(Buffer.compare(image, await renderProductImage('bag', '#1f5f3a', view, width))).toBe(0)
      // Not blank: the drawing varies across the picture.
      const { channels } = await sharp(image).stats()
      expect(Math.max(...channels.map((channel) => channel.stdev))).toBeGreaterThan(10)
    },
  )

  it.each(EVERY_DRAWING)(
    'renders the %s motif in the %s view small enough for slow connections',
    async (motif, view) => {
      const image = await renderProductImage(motif, '#c2185b', view, 160)
      expect(await sharp(image).metadata()).toMatchObject({ format: 'webp', width: 160, height: 160 })
      expect(image.length).toBeLessThan(view === 'front' ? 4000 : 8000)
    },
  )

  it('keeps the larger images within a budget', async () => {
    expect((await renderProductImage('bucket', '#c2185b', 'front', 640)).length).toBeLessThan(20_000)
    expect((await renderProductImage('bucket', '#c2185b', 'detail', 640)).length).toBeLessThan(30_000)
    expect((await renderProductImage('bucket', '#c2185b', 'scene', 640)).length).toBeLessThan(20_000)
  })
})
