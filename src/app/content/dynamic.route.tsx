import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { useLoaderData } from 'react-router'
import { loadCatalogueView, loadedCatalogueView, loadedProductView, loadProductView } from '../catalogue/load-view.ts'
import { loadArticleView, loadedArticleView } from './load-article-view.ts'
import { ContentBlocks } from './blocks.tsx'
import { FaqList } from './faq-list.tsx'
import { PageHead } from './page-head.tsx'
import { PageHeading } from '../navigation/page-heading.tsx'
import { useRootData } from '../root/use-root-data.ts'
import { AppLink } from '../ui/app-link.tsx'
import { ErrorPage } from './error-page.tsx'
import { ShowcaseView } from './showcase.tsx'
import type { DynamicData } from './dynamic.data.ts'
import { homePath } from '../../domain/catalogue-paths.ts'

export { dynamicLoader as loader } from './dynamic.data.ts'

/** Catalogue pages are chunks of their own: content pages (the home page among them) do not carry them. */
const ListView = lazy(loadCatalogueView)
const ProductView = lazy(loadProductView)
/** So are advice, blog, news and partner pages. */
const ArticleView = lazy(async () => ({ default: (await loadArticleView()).ArticleView }))

export function Component() {
  const data = useLoaderData<DynamicData>()
  switch (data.kind) {
    case 'contentPage':
      return <ContentPageView data={data} />
    case 'faq':
      return <FaqPageView data={data} />
    case 'catalogue': {
      // Loaded by the loader, so it renders in place; lazily only if that load failed.
      const page = data.data
      if (page.kind === 'product') {
        const View = loadedProductView()?.default ?? ProductView
        return (
          <Suspense>
            <View data={page} />
          </Suspense>
        )
      }
      const View = loadedCatalogueView()?.default ?? ListView
      return (
        <Suspense>
          <View data={page} />
        </Suspense>
      )
    }
    case 'article':
    case 'articleList': {
      const View = loadedArticleView()?.ArticleView ?? ArticleView
      return (
        <Suspense>
          <View data={data} />
        </Suspense>
      )
    }
    case 'offline':
      return <OfflineView />
    case 'notFound':
      return <NotFoundView data={data} />
  }
}

/** No network, and this page is not on the device: what the offline page says, in the app. */
function OfflineView() {
  const { t } = useTranslation()
  return (
    <article className="content-page offline-page">
      <PageHead title={t('offline.pageTitle')} noIndex />
      <PageHeading>{t('offline.pageTitle')}</PageHeading>
      <p>{t('offline.pageText')}</p>
    </article>
  )
}

function ContentPageView({ data }: { data: Extract<DynamicData, { kind: 'contentPage' }> }) {
  const { site } = useRootData()
  const { page } = data
  return (
    <article className="content-page">
      <PageHead title={page.seoTitle} description={page.seoDescription} path={page.path} alternates={data.alternates} />
      <PageHeading>{page.title}</PageHeading>
      {data.showcase ? (
        // The shop window comes right after the page's opening block (the hero on the home page).
        <>
          <ContentBlocks blocks={page.blocks.slice(0, 1)} faqs={page.faqs} site={site} offers={data.offers} />
          <ShowcaseView showcase={data.showcase} />
          <ContentBlocks blocks={page.blocks.slice(1)} faqs={page.faqs} site={site} offers={data.offers} />
        </>
      ) : (
        <ContentBlocks blocks={page.blocks} faqs={page.faqs} site={site} offers={data.offers} />
      )}
    </article>
  )
}

function FaqPageView({ data }: { data: Extract<DynamicData, { kind: 'faq' }> }) {
  const { site } = useRootData()
  const { page, faqId, faqItemId } = data
  const faqs = faqId === null ? page.faqs : page.faqs.filter((faq) => faq.faqId === faqId)
  const item = faqs.flatMap((faq) => faq.items).find((i) => i.faqItemId === faqItemId)
  const title = item?.question ?? faqs.find((faq) => faq.faqId === faqId)?.title ?? page.title
  return (
    <article className="content-page faq-page">
      <PageHead
        title={item ? `${item.question} | ${page.title}` : page.seoTitle}
        description={item?.answer[0] ?? page.seoDescription}
        path={item?.path ?? faqs.find((faq) => faq.faqId === faqId)?.path ?? page.path}
        alternates={data.alternates}
      />
      <PageHeading>{title}</PageHeading>
      {faqId === null && <ContentBlocks blocks={page.blocks.filter((b) => b.type !== 'faq')} faqs={[]} site={site} />}
      <FaqList faqs={faqs} openItemId={faqItemId} />
    </article>
  )
}

function NotFoundView({ data }: { data: Extract<DynamicData, { kind: 'notFound' }> }) {
  const { t } = useTranslation()
  const { site, language } = useRootData()
  const home = homePath(language.pathPrefix)
  return (
    <article className="content-page not-found-page">
      <PageHead title={data.page?.seoTitle ?? t('notFound.title')} noIndex />
      <PageHeading>{data.page?.title ?? t('notFound.title')}</PageHeading>
      {data.page ? (
        <ContentBlocks blocks={data.page.blocks} faqs={data.page.faqs} site={site} />
      ) : (
        <>
          <p>{t('notFound.text')}</p>
          <p>
            <AppLink link={{ title: t('notFound.home'), route: home, target: '_self' }} className="button" />
          </p>
        </>
      )}
    </article>
  )
}

export function ErrorBoundary() {
  return <ErrorPage />
}
