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
  ['advice article', '/advies/basiskennis-voeren/hoeveel-krachtvoer-heeft-mijn-paard-nodig/'],
  ['news overview', '/nieuws/'],
  ['feed calculator', '/voercalculator/?work=4'],
  ['dealer finder', '/store-locator/?q=Utrecht'],
  ['not found', '/bestaat-niet/'],
] as const
