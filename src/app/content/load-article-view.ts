// The advice, blog, news and partner pages' chunk, loaded with their data (as the catalogue's, see
// catalogue/load-view.ts) so they render in place on the server and hydrate without suspending.
import type * as ArticleView from './article-view.tsx'

type ArticleViewModule = typeof ArticleView

let loaded: ArticleViewModule | undefined

export const loadArticleView = (): Promise<ArticleViewModule> =>
  import('./article-view.tsx').then((module) => (loaded = module))

export const loadedArticleView = () => loaded

/** Whether a page's data renders with this chunk. */
export function rendersArticleView(dynamicData: unknown): boolean {
  const kind = (dynamicData as { kind?: string } | undefined)?.kind
  return kind === 'article' || kind === 'articleList'
}
