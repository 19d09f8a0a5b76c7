// Modules the browser's build puts in a chunk of their own with what they bring, named after the group (vite.config.ts
// makes the codeSplitting groups from this list, the first taken first; a folder, ending in '/', is all its modules). The build's manifest then names the chunk, not the module, so the
// server finds such a module's chunk by the group's name (assets.ts).
export const CHUNK_GROUPS = {
  // zod, on its own: the groups below take in what their module imports, and the checkout's forms import it, so
  // without this every schema loaded at idle on any page would bring the checkout (or the cart) with it.
  zod: 'node_modules/zod/',
  // The content route: every page the routing API resolves (home, content, catalogue).
  content: 'src/app/content/dynamic.route.tsx',
  // The catalogue's view: cards, filters, the product page's parts.
  'catalogue-view': 'src/app/catalogue/catalogue-view.tsx',
  // The cart page: its lines, totals, code and delivery choice.
  'cart-view': 'src/app/cart/cart-page.tsx',
  // The device's database (Dexie), on its own as before: named here so the checkout's group below does not take it
  // in (a group takes what its module imports), which would make every store load the checkout.
  'device-db': 'src/browser/db.ts',
  // The checkout's first step with its forms, address fields and the steps' shared state: one file where it was
  // twelve of a few hundred bytes each. The later steps and the account's address forms load it too.
  'checkout-view': 'src/app/checkout/billing-page.tsx',
} as const
