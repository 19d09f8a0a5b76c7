// Modules the browser's build puts in a chunk of their own with what they bring, named after the group (vite.config.ts
// makes the codeSplitting groups from this list). The build's manifest then names the chunk, not the module, so the
// server finds such a module's chunk by the group's name (assets.ts).
export const CHUNK_GROUPS = {
  // The content route: every page the routing API resolves (home, content, catalogue).
  content: 'src/app/content/dynamic.route.tsx',
  // The catalogue's view: cards, filters, the product page's parts.
  'catalogue-view': 'src/app/catalogue/catalogue-view.tsx',
  // The cart page: its lines, totals, code and delivery choice.
  'cart-view': 'src/app/cart/cart-page.tsx',
} as const
