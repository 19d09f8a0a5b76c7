// Writes the installable-PWA icons of every brand into public/icons/ from one hand-drawn SVG mark per brand
// (public/icons/source/<brand>.svg): the SVG itself (favicon, header logo), plain icons (mark on white), maskable icons
// and the Apple touch icon (white mark on the brand's primary colour, inside the central 80 % safe zone).
// Deterministic: a second run writes the same bytes. Run: `node_modules/.bin/node scripts/generate-icons.ts`.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { BRAND_THEME, BRANDS } from '../src/domain/brands.ts'

export type IconSpec = {
  /** File name suffix: `<brand>-<suffix>.png`. */
  suffix: string
  size: number
  /**
   * `plain`: the coloured mark on the brand background; `maskable`: the white mark on the primary colour; `badge`:
   * the white mark on nothing (a notification's badge: Android draws its alpha channel only).
   */
  variant: 'plain' | 'maskable' | 'badge'
}

export const ICONS: readonly IconSpec[] = [
  { suffix: '192', size: 192, variant: 'plain' },
  { suffix: '512', size: 512, variant: 'plain' },
  { suffix: 'maskable-192', size: 192, variant: 'maskable' },
  { suffix: 'maskable-512', size: 512, variant: 'maskable' },
  // iOS rounds the corners itself and shows transparency as black: same full-bleed layout as the maskable icons.
  { suffix: 'apple-touch-180', size: 180, variant: 'maskable' },
  { suffix: 'badge-96', size: 96, variant: 'badge' },
]

/** Share of the icon's side taken by the mark's 512×512 view box. */
const MARK_RATIO = { plain: 0.85, maskable: 0.6, badge: 0.9 } as const

export const ICONS_DIR = fileURLToPath(new URL('../public/icons/', import.meta.url))
export const SOURCE_DIR = join(ICONS_DIR, 'source')

const MARK_VIEW_BOX = 512
const COLOUR_ATTRIBUTE = /\b(fill|stroke)="([^"]*)"/g

/** The mark with every fill and stroke painted white. The marks draw holes with fill-rule, never with white shapes. */
export function whiteVariant(svg: string): string {
  return svg.replaceAll(COLOUR_ATTRIBUTE, (attribute, name: string, value: string) =>
    value === 'none' ? attribute : `${name}="#ffffff"`,
  )
}

/** Throws unless the mark is self-contained and can be recoloured by its fill and stroke attributes alone. */
export function checkMark(brand: string, svg: string): void {
  const problems: string[] = []
  if (!svg.includes(`viewBox="0 0 ${MARK_VIEW_BOX} ${MARK_VIEW_BOX}"`)) problems.push('view box is not 0 0 512 512')
  if (/<(text|image|use|style|foreignObject|linearGradient|radialGradient)\b/.test(svg)) {
    problems.push('uses text, images, references, styles or gradients')
  }
  if (/\b(style|href|xlink:href|color)=/.test(svg)) problems.push('uses style, href or color attributes')
  for (const [, name, value] of svg.matchAll(COLOUR_ATTRIBUTE)) {
    if (value !== 'none' && !/^#[0-9a-f]{6}$/i.test(value ?? '')) problems.push(`${name}="${value}" is not #rrggbb`)
  }
  if (!/<path\b[^>]*\bfill="#/.test(svg)) problems.push('has no filled path')
  if (problems.length > 0) throw new Error(`${brand}.svg: ${problems.join('; ')}`)
}

async function renderIcon(svg: string, colour: string | null, icon: IconSpec): Promise<Buffer> {
  const { size } = icon
  // Same parity as the icon so the mark sits exactly in the centre.
  const margin = Math.round((size * (1 - MARK_RATIO[icon.variant])) / 2)
  const markSize = size - 2 * margin
  const mark = await sharp(Buffer.from(svg), { density: (72 * markSize) / MARK_VIEW_BOX })
    .resize(markSize, markSize, { fit: 'fill' })
    .png()
    .toBuffer()
  const background = colour ?? { r: 0, g: 0, b: 0, alpha: 0 }
  const { data, info } = await sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite([{ input: mark, left: margin, top: margin }])
    .raw()
    .toBuffer({ resolveWithObject: true })
  if (colour === null)
    return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
      .png({ compressionLevel: 9, adaptiveFiltering: false, palette: false })
      .toBuffer()
  // Opaque everywhere: store RGB only (smaller, and no transparency for iOS to turn black).
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .removeAlpha()
    .png({ compressionLevel: 9, adaptiveFiltering: false, palette: false })
    .toBuffer()
}

export type WrittenFile = { path: string; bytes: number }

/** Writes every brand's SVG and PNG icons into `outDir` and returns what it wrote. */
export async function generateIcons(
  outDir: string = ICONS_DIR,
  sourceDir: string = SOURCE_DIR,
): Promise<WrittenFile[]> {
  mkdirSync(outDir, { recursive: true })
  const written: WrittenFile[] = []
  const write = (name: string, content: Buffer | string) => {
    const path = join(outDir, name)
    writeFileSync(path, content)
    written.push({ path, bytes: Buffer.byteLength(content) })
  }
  for (const key of BRANDS) {
    const brand = BRAND_THEME[key]
    const svg = readFileSync(join(sourceDir, `${key}.svg`), 'utf8')
    checkMark(key, svg)
    write(`${key}.svg`, svg)
    const white = whiteVariant(svg)
    for (const icon of ICONS) {
      const png =
        icon.variant === 'plain'
          ? await renderIcon(svg, brand.background, icon)
          : await renderIcon(white, icon.variant === 'badge' ? null : brand.primary, icon)
      write(`${key}-${icon.suffix}.png`, png)
    }
  }
  return written
}

if (import.meta.main) {
  const written = await generateIcons()
  for (const file of written) console.log(`wrote ${relative(process.cwd(), file.path)} (${file.bytes} bytes)`)
  const total = written.reduce((sum, file) => sum + file.bytes, 0)
  console.log(`${written.length} files, ${total} bytes`)
}
