// The cart page's path (SPEC §2: /cart/, under the language prefix where there is one), as a light module: the
// header links to it from every page's first script.
import { localPath } from '../../domain/catalogue-paths.ts'
import { useRootData } from '../root/use-root-data.ts'

export const CART_SLUG = 'cart'

export function useCartPath(): string {
  const { language } = useRootData()
  return localPath(language.pathPrefix, CART_SLUG)
}
