// The data of advice, blog, news and partner pages (the routing kinds of docs/advice.md): an article with the products
// it recommends (from the server, or offline from the device's catalogue), or a list. Loaded by the dynamic route on
// demand, with the view that renders them (load-article-view.ts).
import {
  ArticleListSchema,
  ArticleSchema,
  type Article,
  type ArticleList,
  type ArticleListKind,
} from '../../domain/articles.ts'
import type { CatalogueProduct } from '../../domain/product.ts'
import type { Alternate } from '../../domain/routing.ts'
import { ApiRequestError } from '../../browser/transport.ts'
import { productsByIds } from '../catalogue/catalogue-source.ts'
import type { ShopApi } from '../api/shop-api.ts'
import type { AppServices } from '../router-context.ts'

export type ArticleData =
  | { kind: 'article'; article: Article; related: CatalogueProduct[]; alternates: Alternate[] }
  | { kind: 'articleList'; list: ArticleList; alternates: Alternate[] }

async function get(api: ShopApi, path: string, query: Record<string, number> | undefined, signal: AbortSignal) {
  const response = await api.send({ path, query, signal })
  if (response.status !== 200) throw new ApiRequestError(response.status, response.body, response.headers)
  return response.body
}

export async function loadArticle(
  services: AppServices,
  api: ShopApi,
  articleId: number,
  alternates: () => Promise<Alternate[]>,
  signal: AbortSignal,
): Promise<ArticleData> {
  const [body, others] = await Promise.all([get(api, `/api/articles/${articleId}`, undefined, signal), alternates()])
  const article = ArticleSchema.parse(body)
  const related = await productsByIds({ ...services, api }, article.relatedProductIds, signal).catch(() => null)
  return { kind: 'article', article, related: related?.value ?? [], alternates: others }
}

export async function loadArticleList(
  api: ShopApi,
  kind: ArticleListKind,
  id: number | undefined,
  alternates: () => Promise<Alternate[]>,
  signal: AbortSignal,
): Promise<ArticleData> {
  const [body, others] = await Promise.all([
    get(api, `/api/articlelists/${kind}`, id === undefined ? undefined : { id }, signal),
    alternates(),
  ])
  return { kind: 'articleList', list: ArticleListSchema.parse(body), alternates: others }
}
