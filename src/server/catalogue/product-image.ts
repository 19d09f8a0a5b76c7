// Product images, generated from the seed's motif and colour (no stock photos, nothing hot-linked): one SVG drawing
// per motif, shown in three gallery views (the pack, a close-up of its label, the pack in a stable), rendered with
// sharp to WebP in the responsive widths the app asks for. Deterministic: the same input gives the same bytes, so
// every build makes the same files and caches never see a changed image under a current name. A change to a drawing
// must bump IMAGE_RENDER_VERSION (src/domain/product-images.ts) so the names change with it.
import sharp from 'sharp'
import type { ImageView, ImageWidth } from '../../domain/product-images.ts'

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

/**
 * Where each motif's label sits (same 400 × 400 canvas): the close-up is centred there and the label gets its lines.
 * `transform` is the label's own (the box's label is on a slanted side).
 */
const LABELS: Record<Motif, { x: number; y: number; w: number; h: number; transform?: string; lines?: false }> = {
  bag: { x: 130, y: 170, w: 140, h: 90 },
  bucket: { x: 140, y: 190, w: 120, h: 70 },
  bottle: { x: 150, y: 190, w: 100, h: 90 },
  bigBag: { x: 140, y: 180, w: 120, h: 90 },
  brush: { x: 150, y: 170, w: 100, h: 30 },
  rug: { x: 184, y: 160, w: 32, h: 20 },
  halter: { x: 188, y: 276, w: 24, h: 18 },
  box: { x: 100, y: 200, w: 80, h: 60, transform: 'skewY(22) translate(0 -60)' },
  jar: { x: 135, y: 180, w: 130, h: 90 },
  kit: { x: 160, y: 187, w: 80, h: 80, lines: false }, // the cross is its label
}

const BACKGROUND = '#f3f6f2'
const GROUND_SHADOW = '#dfe6e0'
const LABEL = '#ffffff'
/** How far the close-up zooms in on the label. */
const DETAIL_ZOOM = 2.2
/** Diagonal threads 6 apart over the whole canvas: one path, because librsvg renders a <pattern> ~5× slower. */
const WEAVE = Array.from({ length: 134 }, (_, i) => `M${i * 6 - 400} 400L${i * 6} 0`).join('')

/** Coordinates to two decimals, so the SVG text stays short and readable. */
const round = (n: number) => Math.round(n * 100) / 100

/** A darker shade of a #rrggbb colour. */
export function shade(hex: string, factor = 0.7): string {
  const channel = (i: number) =>
    Math.round(Number.parseInt(hex.slice(i, i + 2), 16) * factor)
      .toString(16)
      .padStart(2, '0')
  return `#${channel(1)}${channel(3)}${channel(5)}`
}

/** Text-like bars on a label: a product name, a line under it and a weight badge, in the pack's dark shade. */
function labelLines(motif: Motif, dark: string): string {
  const { x, y, w, h, transform, lines } = LABELS[motif]
  if (lines === false) return ''
  const bar = (left: number, top: number, width: number, height: number) =>
    `<rect x="${round(x + w * left)}" y="${round(y + h * top)}" width="${round(w * width)}" height="${round(h * height)}" rx="${round(h * 0.04)}"/>`
  return (
    `<g fill="${dark}"${transform ? ` transform="${transform}"` : ''}>` +
    bar(0.12, 0.18, 0.76, 0.16) +
    bar(0.12, 0.45, 0.5, 0.08) +
    bar(0.12, 0.62, 0.46, 0.08) +
    `<circle cx="${round(x + w * 0.8)}" cy="${round(y + h * 0.66)}" r="${round(Math.min(w, h) * 0.12)}"/>` +
    `</g>`
  )
}

const views: Record<ImageView, (motif: Motif, colour: string, dark: string) => string> = {
  front: (motif, colour, dark) =>
    `<rect width="400" height="400" fill="${BACKGROUND}"/>` +
    `<ellipse cx="200" cy="355" rx="140" ry="16" fill="${GROUND_SHADOW}"/>` +
    MOTIFS[motif](colour, dark, LABEL),

  // The label area up close: the pack scaled up around its label, with a woven texture on the pack (a mask of the
  // motif keeps it off the label and the background) and the label's lines.
  detail: (motif, colour, dark) => {
    const { x, y, w, h, transform } = LABELS[motif]
    let [cx, cy] = [x + w / 2, y + h / 2]
    if (transform) cy += cx * Math.tan((22 * Math.PI) / 180) - 60 // the box's skewY(22) translate(0 -60)
    const zoom = `translate(${round(200 - DETAIL_ZOOM * cx)} ${round(200 - DETAIL_ZOOM * cy)}) scale(${DETAIL_ZOOM})`
    return (
      `<defs><mask id="pack">${MOTIFS[motif]('#fff', '#fff', '#000')}</mask></defs>` +
      `<rect width="400" height="400" fill="${BACKGROUND}"/>` +
      `<g transform="${zoom}">` +
      MOTIFS[motif](colour, dark, LABEL) +
      `<path d="${WEAVE}" stroke="${dark}" stroke-width="1.2" stroke-opacity="0.35" mask="url(#pack)"/>` +
      labelLines(motif, dark) +
      `</g>`
    )
  },

  // The pack in a stable: a plank wall with a window, a floor, a line of straw, the pack standing on the floor (a
  // halter hangs from a peg on the wall instead).
  scene: (motif, colour, dark) =>
    `<rect width="400" height="290" fill="#e9dcc2"/>` +
    `<path d="M0 70H400M0 145H400M0 220H400" stroke="#d7c6a4" stroke-width="4"/>` +
    `<rect x="38" y="52" width="104" height="96" rx="4" fill="#8a6a44"/>` +
    `<rect x="48" y="62" width="84" height="76" fill="#cfe6f2"/>` +
    `<path d="M90 62V138M48 100H132" stroke="#8a6a44" stroke-width="6"/>` +
    `<rect y="282" width="400" height="12" fill="#8a6a44"/>` +
    `<rect y="294" width="400" height="106" fill="#b89a6a"/>` +
    `<path d="M0 300Q40 286 80 298T160 296T240 300T320 295T400 299V318H0Z" fill="#e3c46a"/>` +
    `<path d="M20 312l18-8M70 316l22-6M130 310l16-9M300 314l20-7M355 309l17-8" stroke="#c9a646" stroke-width="3"/>` +
    (motif === 'halter'
      ? `<rect x="251" y="156" width="18" height="22" rx="4" fill="#8a6a44"/>`
      : `<ellipse cx="260" cy="342" rx="92" ry="11" fill="#9c8257"/>`) +
    `<g transform="translate(140 136) scale(0.6)">${MOTIFS[motif](colour, dark, LABEL)}</g>`,
}

/** The drawing of one view of a product, as an SVG document on a 400 × 400 canvas. */
export function productSvg(motif: Motif, colour: string, view: ImageView = 'front'): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400">` +
    views[view](motif, colour, shade(colour)) +
    `</svg>`
  )
}

/** The WebP image of one view of a product at one of the responsive widths (square). */
export async function renderProductImage(
  motif: Motif,
  colour: string,
  view: ImageView,
  width: ImageWidth,
): Promise<Buffer> {
  return sharp(Buffer.from(productSvg(motif, colour, view)), { density: Math.max(72, (72 * width) / 400) })
    .resize(width, width)
    .webp({ quality: 82, effort: 4 })
    .toBuffer()
}
