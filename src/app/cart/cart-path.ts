// The cart page's path: the language's own word (localised like the comparison's; /cart/ opens it too), under the
// language prefix where there is one. A light module: the header links to it from every page's first script.
import { CART_SLUGS, localPath } from '../../domain/catalogue-paths.ts'
import { useRootData } from '../root/use-root-data.ts'

export function useCartPath(): string {
  const { language } = useRootData()
  return localPath(language.pathPrefix, CART_SLUGS[language.code])
}
