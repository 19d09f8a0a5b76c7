// Modules the browser's build puts in a chunk of their own with what they bring, named after the group (vite.config.ts
// makes the codeSplitting groups from this list, the first taken first; a folder, ending in '/', is all its modules;
// a list, all of its entries'). The build's manifest then names the chunk, not the module, so the server finds such a
// module's chunk by the group's name (assets.ts).
export const CHUNK_GROUPS: Record<string, string | readonly string[]> = {
  // The start's two steps, each evaluated in a task of its own (entry.client.tsx): React with the smaller libraries
  // every page uses, then the app's start with React Router and what every page needs (the shell, before). About
  // half of the first page's script each; a third step would make the checkout's first page 13 files.
  react: [
    'node_modules/react/',
    'node_modules/react-dom/',
    'node_modules/scheduler/',
    'node_modules/i18next/',
    'node_modules/react-i18next/',
    'node_modules/jotai/',
  ],
  start: 'src/app/start.tsx',
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
}
