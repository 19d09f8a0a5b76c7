import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { IMAGE_WIDTHS, productSvg, renderProductImage, shade, type Motif } from './product-image.ts'

const MOTIFS: Motif[] = ['bag', 'bucket', 'bottle', 'bigBag', 'brush', 'rug', 'halter', 'box', 'jar', 'kit']

describe('product images', () => {
  it('darkens a colour', () => {
    expect(shade('#ff8000', 0.5)).toBe('#804000')
  })

  it.each(MOTIFS)('draws the %s motif in the product colour', (motif) => {
    const svg = productSvg(motif, '#2d6a1e')
    expect(svg).toContain('#2d6a1e')
    expect(svg).toMatch(/^<svg [^>]+>.*<\/svg>$/)
  })

  it.each(IMAGE_WIDTHS)('renders a square WebP %i px wide, the same bytes every time', async (width) => {
    const image = await renderProductImage('bag', '#1f5f3a', width)
    const meta = await sharp(image).metadata()
    expect(meta).toMatchObject({ format: 'webp', width, height: width })
    expect(Buffer.compare(image, await renderProductImage('bag', '#1f5f3a', width))).toBe(0)
    // Not blank: the drawing varies across the picture.
    const { channels } = await sharp(image).stats()
    expect(Math.max(...channels.map((channel) => channel.stdev))).toBeGreaterThan(10)
  })

  it('keeps the small images small for slow connections', async () => {
    expect((await renderProductImage('bucket', '#c2185b', 160)).length).toBeLessThan(4000)
    expect((await renderProductImage('bucket', '#c2185b', 640)).length).toBeLessThan(20_000)
  })
})
