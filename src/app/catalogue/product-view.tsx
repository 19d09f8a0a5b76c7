// The product page, as a module of its own the dynamic route loads on demand (see load-view.ts).
export { ProductPage as default } from './product-page.tsx'
