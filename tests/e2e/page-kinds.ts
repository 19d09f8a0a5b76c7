// One page of every kind on the Dutch site, for the tests that go over them all (layout shift, accessibility, text
// that fits a phone).
export const PAGE_KINDS = [
  ['home', '/'],
  ['content page', '/klantenservice/'],
  ['content page offering products', '/ruwvoeranalyse/'],
  ['FAQ', '/klantenservice/veelgestelde-vragen/'],
  ['category', '/muesli/'],
  ['search', '/zoeken/?q=muesli'],
  ['product', '/muesli/sport-muesli/'],
  ['product with variants and reviews', '/muesli/recreatie-muesli/'],
  ['compare', '/vergelijken/'],
  ['cart', '/winkelwagen/'],
  ['not found', '/bestaat-niet/'],
] as const
