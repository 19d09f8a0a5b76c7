// Path rules without zod, shared by the server and the browser's critical path.

/** The first path segment, which names the language on sites with more than one ('/fr/…'). */
export function languagePrefixOf(path: string): string {
  const match = /^\/([a-z]{2})\//.exec(path)
  return match?.[1] ?? ''
}

/** The offline page for a path: '/fr/…' has the French one ('/fr/offline/'), everything else '/offline/'. */
export function offlinePathFor(pathname: string): string {
  const prefix = languagePrefixOf(pathname)
  return prefix ? `/${prefix}/offline/` : '/offline/'
}

/** A path with its query string, the parameters without a value left out (how the API client addresses a call). */
export function pathWithQuery(path: string, query: Record<string, string | number | undefined> = {}): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value))
  const text = search.toString()
  return text ? `${path}?${text}` : path
}
