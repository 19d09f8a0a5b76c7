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
  // zod with the schemas nearly every other one builds on (ids, e-mail, addresses, countries). The groups below take
  // in what their module imports, and the checkout's forms import all of these: left to the checkout's group, every
  // schema loaded at idle on any page (the site's, the cart's, the catalogue's) would bring the checkout with it, and
  // with it the catalogue's view, the cart page and their stylesheets. What needs these needs zod anyway, so they
  // cost no file of their own.
  zod: [
    'node_modules/zod/',
    'src/domain/ids.ts',
    'src/domain/email.ts',
    'src/domain/address.ts',
    'src/domain/address-rules.ts',
    'src/domain/field-errors.ts',
    'src/domain/country.ts',
    'src/domain/address-autocomplete.ts',
  ],
  // The content route: every page the routing API resolves (home, content, catalogue). With it the catalogue's rules
  // and its search's address (search-url.ts), which its view and the device's catalogue and cart stores share: in the
  // view's group, the stores that load at idle on the home page would bring the whole view and its stylesheet.
  content: [
    'src/app/content/dynamic.route.tsx',
    'src/domain/search/search-url.ts',
    'src/domain/product-rules.ts',
    'src/domain/cart-subject.ts',
  ],
  // The search the device runs over its copy of the catalogue (offline, and the search box's suggestions there): a
  // chunk of its own that the device's catalogue store brings at idle. No page needs it to show or to start, so it
  // is off every first page's path (4.8 KB gzip of it).
  'device-search': 'src/domain/search/',
  // What the catalogue's two views share (catalogue/load-view.ts): the product cards with their prices, stars and
  // badges, the note on how fresh the device's copy is; and what the product page shares with the cart, the
  // comparison and the checkout (adding to the cart, a refusal's words, a variant's name). Before the views, so
  // neither takes them in, and a cart or checkout page loads neither view.
  'catalogue-parts': [
    'src/app/catalogue/product-card.tsx',
    'src/app/catalogue/freshness-note.tsx',
    'src/app/catalogue/use-hydrated.ts',
    'src/app/cart/add-to-cart.tsx',
    'src/app/cart/refusal.ts',
    'src/app/catalogue/variant-text.ts',
  ],
  // The product lists' view: the list, its filters, and the products a content page offers.
  'catalogue-view': 'src/app/catalogue/catalogue-view.tsx',
  // The product page's view: images, variants, specifications, reviews, the reminder form.
  'product-view': 'src/app/catalogue/product-view.tsx',
  // The cart page: its lines, totals, code and delivery choice.
  'cart-view': 'src/app/cart/cart-page.tsx',
  // The device's database (Dexie), on its own as before: named here so the checkout's group below does not take it
  // in (a group takes what its module imports), which would make every store load the checkout.
  'device-db': 'src/browser/db.ts',
  // The checkout's first step with its forms, address fields and the steps' shared state: one file where it was
  // twelve of a few hundred bytes each. The later steps and the account's address forms load it too.
  'checkout-view': 'src/app/checkout/billing-page.tsx',
}
