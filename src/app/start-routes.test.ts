import { createMemoryRouter, matchRoutes, type RouteObject } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { appPageWordsOf, namesOtherAppWord } from '../domain/catalogue-paths.ts'
import { routes as wholeTree } from './routes.tsx'
import { startingRoutes } from './start-routes.ts'

const idOf = (routes: RouteObject[], path: string) => matchRoutes(routes, path)?.at(-1)?.route.id
const count = (routes: readonly RouteObject[]): number =>
  routes.reduce((sum, route) => sum + 1 + count(route.children ?? []), 0)

describe('the words of a site’s languages', () => {
  it('are each language’s word of every app page, with those all languages share', () => {
    const dutch = appPageWordsOf(['nl'])
    for (const word of ['vergelijken', 'winkelwagen', 'voercalculator', 'ruwvoeruitslag', 'cart', 'store-locator'])
      expect(dutch.has(word)).toBe(true)
    expect(dutch.has('panier')).toBe(false)
    const belgian = appPageWordsOf(['nl-BE', 'fr-BE'])
    for (const word of ['winkelmandje', 'panier', 'vergelijken', 'comparer']) expect(belgian.has(word)).toBe(true)
  })

  it('tell a path that names another language’s word, with or without a language prefix', () => {
    const dutch = appPageWordsOf(['nl'])
    expect(namesOtherAppWord('/panier/', dutch)).toBe(true)
    expect(namesOtherAppWord('/fr/panier/', dutch)).toBe(true)
    expect(namesOtherAppWord('/compare/', dutch)).toBe(true)
    expect(namesOtherAppWord('/vergelijken/', dutch)).toBe(false)
    expect(namesOtherAppWord('/cart/', dutch)).toBe(false)
    expect(namesOtherAppWord('/muesli/sport-muesli/', dutch)).toBe(false)
    expect(namesOtherAppWord('/', dutch)).toBe(false)
  })
})

describe('the routes the browser starts with', () => {
  it('holds the site’s own words only, and opens the same pages by them as the whole tree', () => {
    const { routes } = startingRoutes(['nl'], ['root', 'compare:vergelijken'])
    expect(count(routes)).toBeLessThan(count(wholeTree) / 2)
    for (const path of ['/vergelijken/', '/winkelwagen/', '/cart/', '/voercalculator/', '/store-locator/', '/'])
      expect(idOf(routes, path)).toBe(idOf(wholeTree, path))
    for (const path of ['/muesli/', '/account/orders/', '/checkout/billing/', '/offline/', '/fr/account/'])
      expect(idOf(routes, path)).toBe(idOf(wholeTree, path))
    expect(idOf(routes, '/panier/')).toBe('dynamic')
  })

  it('is the whole tree when the server opened the page under another language’s word, or knows no site', () => {
    const foreign = startingRoutes(['nl'], ['root', 'cart:panier'])
    expect(count(foreign.routes)).toBe(count(wholeTree))
    expect(idOf(foreign.routes, '/panier/')).toBe('cart:panier')
    expect(foreign.patchRoutesOnNavigation).toBeUndefined()
    expect(count(startingRoutes(undefined, []).routes)).toBe(count(wholeTree))
  })

  it('takes the other words in once, when a navigation names one', async () => {
    const { routes, patchRoutesOnNavigation } = startingRoutes(['nl'], ['root', 'dynamic'])
    const patch = vi.fn<(routeId: string | null, children: RouteObject[]) => void>((routeId, children) => {
      routes.find((route) => route.id === routeId)!.children!.push(...children)
    })
    const discover = (path: string) =>
      patchRoutesOnNavigation!({
        path,
        patch,
        matches: [],
        signal: new AbortController().signal,
        fetcherKey: undefined,
      })
    await discover('/muesli/')
    expect(patch).not.toHaveBeenCalled()
    await discover('/panier/')
    expect(patch).toHaveBeenCalledOnce()
    expect(patch.mock.calls[0]![0]).toBe('root')
    // Only what was missing: no route twice.
    const ids = routes[0]!.children!.map((route) => route.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(count(routes)).toBe(count(wholeTree))
    expect(idOf(routes, '/panier/')).toBe('cart:panier')
    expect(idOf(routes, '/fr/comparer/')).toBe('compare::language/comparer')
    await discover('/compare/')
    expect(patch).toHaveBeenCalledOnce()
  })
})

describe('a router started with the site’s words', () => {
  it('opens a page named by another language’s word on a navigation, not the catch-all', async () => {
    const { routes, patchRoutesOnNavigation } = startingRoutes(['nl'], ['root', 'dynamic'])
    // The tree's pages without their loaders and modules: what is tested is which route a navigation ends on.
    const bare = (tree: RouteObject[]): RouteObject[] =>
      tree.map(({ id, path, index, children }) =>
        index ? { id, index: true } : { id, path, ...(children && { children: bare(children) }) },
      ) as RouteObject[]
    const router = createMemoryRouter(bare(routes), {
      initialEntries: ['/muesli/'],
      hydrationData: { loaderData: {} },
      patchRoutesOnNavigation: (args) =>
        patchRoutesOnNavigation!({ ...args, patch: (id, children) => args.patch(id, bare(children)) }),
    })
    await router.navigate('/panier/')
    expect(router.state.matches.at(-1)?.route.id).toBe('cart:panier')
    await router.navigate('/muesli/sport-muesli/')
    expect(router.state.matches.at(-1)?.route.id).toBe('dynamic')
    await router.navigate('/fr/comparer/')
    expect(router.state.matches.at(-1)?.route.id).toBe('compare::language/comparer')
    router.dispose()
  })
})
