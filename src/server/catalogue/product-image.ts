// Product images, generated from the seed's motif and colour (no stock photos, nothing hot-linked): one SVG drawing
// per motif, rendered with sharp to WebP in the responsive widths the app asks for. Deterministic: the same input
// gives the same bytes, so every server can make them on its own and caches never see a changed image.
import sharp from 'sharp'

export const IMAGE_WIDTHS = [160, 320, 640, 1280] as const
export type ImageWidth = (typeof IMAGE_WIDTHS)[number]

export type Motif = 'bag' | 'bucket' | 'bottle' | 'bigBag' | 'brush' | 'rug' | 'halter' | 'box' | 'jar' | 'kit'

/** Shapes on a 400 × 400 canvas; `c` is the product colour, `d` a darker shade, `l` the label colour. */
const MOTIFS: Record<Motif, (c: string, d: string, l: string) => string> = {
  bag: (c, d, l) =>
    `<path d="M110 70 Q200 40 290 70 L320 330 Q200 360 80 330 Z" fill="${c}"/>` +
    `<path d="M110 70 Q200 95 290 70 L292 90 Q200 115 108 90 Z" fill="${d}"/>` +
    `<rect x="130" y="170" width="140" height="90" rx="10" fill="${l}"/>`,
  bucket: (c, d, l) =>
    `<path d="M100 120 L300 120 L275 330 Q200 345 125 330 Z" fill="${c}"/>` +
    `<ellipse cx="200" cy="120" rx="100" ry="22" fill="${d}"/>` +
    `<path d="M105 125 Q200 10 295 125" fill="none" stroke="${d}" stroke-width="8"/>` +
    `<rect x="140" y="190" width="120" height="70" rx="8" fill="${l}"/>`,
  bottle: (c, d, l) =>
    `<rect x="175" y="50" width="50" height="45" rx="6" fill="${d}"/>` +
    `<path d="M170 95 L230 95 L265 150 L265 340 Q200 355 135 340 L135 150 Z" fill="${c}"/>` +
    `<rect x="150" y="190" width="100" height="90" rx="8" fill="${l}"/>`,
  bigBag: (c, d, l) =>
    `<rect x="80" y="100" width="240" height="240" rx="14" fill="${c}"/>` +
    `<path d="M95 100 L120 55 L145 100 M255 100 L280 55 L305 100" fill="none" stroke="${d}" stroke-width="12"/>` +
    `<rect x="140" y="180" width="120" height="90" rx="8" fill="${l}"/>`,
  brush: (c, d, l) =>
    `<rect x="90" y="150" width="220" height="80" rx="30" fill="${c}"/>` +
    `<rect x="100" y="225" width="200" height="70" rx="6" fill="${d}"/>` +
    `<rect x="150" y="170" width="100" height="30" rx="8" fill="${l}"/>`,
  rug: (c, d, l) =>
    `<path d="M70 120 Q200 80 330 120 L310 320 Q200 350 90 320 Z" fill="${c}"/>` +
    `<path d="M90 300 Q200 330 310 300" fill="none" stroke="${d}" stroke-width="14"/>` +
    `<circle cx="200" cy="170" r="24" fill="${l}"/>`,
  halter: (c, d, l) =>
    `<path d="M140 80 Q200 60 260 80 L270 250 Q200 320 130 250 Z" fill="none" stroke="${c}" stroke-width="22"/>` +
    `<path d="M135 170 L265 170" stroke="${d}" stroke-width="18"/>` +
    `<circle cx="200" cy="285" r="20" fill="${l}" stroke="${d}" stroke-width="6"/>`,
  box: (c, d, l) =>
    `<path d="M80 140 L200 90 L320 140 L320 300 L200 350 L80 300 Z" fill="${c}"/>` +
    `<path d="M80 140 L200 190 L320 140 M200 190 L200 350" fill="none" stroke="${d}" stroke-width="8"/>` +
    `<rect x="100" y="200" width="80" height="60" rx="6" fill="${l}" transform="skewY(22) translate(0 -60)"/>`,
  jar: (c, d, l) =>
    `<rect x="130" y="70" width="140" height="40" rx="8" fill="${d}"/>` +
    `<rect x="115" y="105" width="170" height="240" rx="26" fill="${c}"/>` +
    `<rect x="135" y="180" width="130" height="90" rx="8" fill="${l}"/>`,
  kit: (c, d, l) =>
    `<rect x="70" y="130" width="260" height="200" rx="16" fill="${c}"/>` +
    `<path d="M160 130 L160 95 Q200 75 240 95 L240 130" fill="none" stroke="${d}" stroke-width="14"/>` +
    `<rect x="160" y="215" width="80" height="24" fill="${l}"/><rect x="188" y="187" width="24" height="80" fill="${l}"/>`,
}

/** A darker shade of a #rrggbb colour. */
export function shade(hex: string, factor = 0.7): string {
  const channel = (i: number) =>
    Math.round(Number.parseInt(hex.slice(i, i + 2), 16) * factor)
      .toString(16)
      .padStart(2, '0')
  return `#${channel(1)}${channel(3)}${channel(5)}`
}

export function productSvg(motif: Motif, colour: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400">` +
    `<rect width="400" height="400" fill="#f3f6f2"/>` +
    `<ellipse cx="200" cy="355" rx="140" ry="16" fill="#dfe6e0"/>` +
    MOTIFS[motif](colour, shade(colour), '#ffffff') +
    `</svg>`
  )
}

/** The WebP image of a product at one of the responsive widths (square). */
export async function renderProductImage(motif: Motif, colour: string, width: ImageWidth): Promise<Buffer> {
  return sharp(Buffer.from(productSvg(motif, colour)), { density: Math.max(72, (72 * width) / 400) })
    .resize(width, width)
    .webp({ quality: 82, effort: 4 })
    .toBuffer()
}
