// Path rules without zod, shared by the server and the browser's critical path.

/** The first path segment, which names the language on sites with more than one ('/fr/…'). */
export function languagePrefixOf(path: string): string {
  const match = /^\/([a-z]{2})\//.exec(path)
  return match?.[1] ?? ''
}
