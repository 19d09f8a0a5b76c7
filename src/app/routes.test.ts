import { matchRoutes } from 'react-router'
import { describe, expect, it } from 'vitest'
import { routes } from './routes.tsx'

const routeNameOf = (path: string) =>
  (matchRoutes(routes, path)?.at(-1)?.route.handle as { routeName?: string } | undefined)?.routeName

describe('the app’s own pages', () => {
  it.each([
    ['/winkelwagen/', 'cart'],
    ['/winkelmandje/', 'cart'],
    ['/fr/panier/', 'cart'],
    ['/warenkorb/', 'cart'],
    ['/indkoebskurv/', 'cart'],
    ['/cart/', 'cart'],
    ['/fr/cart/', 'cart'],
    ['/vergelijken/', 'compare'],
    ['/fr/comparer/', 'compare'],
    ['/compare/', 'compare'],
    ['/muesli/', 'dynamic'],
    ['/muesli/sport-muesli/', 'dynamic'],
  ])('%s opens the %s route', (path, routeName) => {
    expect(routeNameOf(path)).toBe(routeName)
  })
})
