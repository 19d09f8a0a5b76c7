import type { Alternate } from '../../domain/routing.ts'
import { useRootData } from '../root/use-root-data.ts'

/**
 * Title, description, canonical and hreflang links of a page. React places them in <head>, on the server and on
 * every client navigation.
 */
export function PageHead({
  title,
  description,
  path,
  alternates = [],
  noIndex = false,
}: {
  title: string
  description?: string
  path?: string | null
  alternates?: Alternate[]
  noIndex?: boolean
}) {
  const { origin, switcher, brand } = useRootData()
  // hreflang links point to the same page of the same brand in other countries and languages.
  const cultureOf = (alternate: Alternate) =>
    switcher.find((o) => o.siteId === alternate.siteId && o.languageId === alternate.languageId && o.brand === brand)
  return (
    <>
      <title>{title}</title>
      {description ? <meta name="description" content={description} /> : null}
      {noIndex ? <meta name="robots" content="noindex" /> : null}
      {path && !noIndex ? <link rel="canonical" href={`${origin}${path}`} /> : null}
      {!noIndex &&
        alternates.map((alternate) => {
          const option = cultureOf(alternate)
          return option ? (
            <link key={alternate.url} rel="alternate" hrefLang={option.hreflang} href={alternate.url} />
          ) : null
        })}
    </>
  )
}
