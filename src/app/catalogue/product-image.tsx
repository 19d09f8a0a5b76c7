// A product picture: its own module, because the header's search suggestions and the home page use it too, and
// they must not bring the rest of the catalogue's parts to the first page.
import { IMAGE_WIDTHS, productImageSrcSet, productImageUrl, type ImageView } from '../../domain/product-images.ts'

/**
 * A product image in every responsive width; the browser picks one for the slot it is shown in. `eager`: the picture
 * is in the first screen (likely the largest paint), so it is fetched at once and before the scripts.
 */
export function ProductImage({
  name,
  view = 'front',
  alt,
  sizes,
  eager = false,
}: {
  name: string
  view?: ImageView
  alt: string
  sizes: string
  eager?: boolean
}) {
  return (
    <img
      className="product-image"
      src={productImageUrl(name, view, IMAGE_WIDTHS[1])}
      srcSet={productImageSrcSet(name, view)}
      sizes={sizes}
      width={640}
      height={640}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
    />
  )
}
