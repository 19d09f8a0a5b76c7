// Where product images live: generated files, one per product, view and width, named after what they
// are drawn from, so a changed drawing gets a new name and caches never serve an old picture under a current name.

/** The responsive widths every view is rendered in (square images). */
export const IMAGE_WIDTHS = [160, 320, 640, 1280] as const
export type ImageWidth = (typeof IMAGE_WIDTHS)[number]

/** Views of a product for the gallery: the pack, a close-up of its label, the pack in the stable. */
export const IMAGE_VIEWS = ['front', 'detail', 'scene'] as const
export type ImageView = (typeof IMAGE_VIEWS)[number]

/** Bumped when the drawings change, so every name changes with them. */
export const IMAGE_RENDER_VERSION = 1

export const PRODUCT_IMAGE_PATH = '/images/products/'

/** FNV-1a, 32 bits, as 8 hex digits: a short, stable name part (not a security hash). */
export function shortHash(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0).toString(16).padStart(8, '0')
}

/** The image name of a product: its key and a hash of what the picture is drawn from. */
export function productImageName(key: string, motif: string, colour: string): string {
  return `${key}-${shortHash(`${motif}|${colour}|${IMAGE_RENDER_VERSION}`)}`
}

export function productImageUrl(name: string, view: ImageView, width: ImageWidth): string {
  return `${PRODUCT_IMAGE_PATH}${name}-${view}-${width}.webp`
}

/** A `srcset` over every width of one view. */
export function productImageSrcSet(name: string, view: ImageView): string {
  return IMAGE_WIDTHS.map((width) => `${productImageUrl(name, view, width)} ${width}w`).join(', ')
}
