import { describe, expect, it } from 'vitest'
import { pageAssets } from './assets.ts'

// A build's manifest in small: the entry with its stylesheet, the dynamic route, the catalogue's view and the cart
// page sharing a chunk with the catalogue's parts and their stylesheet, the cart page's own stylesheet, a language.
const MANIFEST = {
  'src/app/entry.client.tsx': {
    file: 'assets/entry.js',
    isEntry: true,
    css: ['assets/entry.css'],
    imports: ['_react.js'],
  },
  '_react.js': { file: 'assets/react.js' },
  'src/app/content/dynamic.route.tsx': { file: 'assets/dynamic.route.js', imports: ['_react.js'] },
  'src/app/catalogue/catalogue-view.tsx': { file: 'assets/catalogue-view.js', imports: ['_parts.js'] },
  '_parts.js': { file: 'assets/parts.js', css: ['assets/parts.css'], imports: ['_react.js'] },
  'src/app/cart/cart-page.tsx': { file: 'assets/cart-page.js', css: ['assets/cart-page.css'], imports: ['_parts.js'] },
  'src/app/checkout/billing-page.tsx': {
    file: 'assets/billing-page.js',
    css: ['assets/checkout.css'],
    imports: ['_react.js'],
  },
  'src/app/account/account-area.tsx': {
    file: 'assets/account-area.js',
    css: ['assets/account.css'],
    imports: ['_react.js'],
  },
  'locales/nl.json?part=first': { file: 'assets/locale-nl.js' },
  'locales/nl.json?part=account': { file: 'assets/locale-nl-account.js' },
}
const CATALOGUE_VIEW = 'src/app/catalogue/catalogue-view.tsx'
const assets = pageAssets(MANIFEST, (file) => `/* ${file} */`)

describe('pageAssets', () => {
  it('gives a content page only the entry’s styles (inline, not listed again)', () => {
    expect(assets.css).toEqual(['/assets/entry.css'])
    expect(assets.stylesFor(['root', 'dynamic'])).toEqual([])
  })

  it('gives a catalogue page the styles of the catalogue’s chunks, inline', () => {
    expect(assets.stylesFor(['root', 'dynamic'], [CATALOGUE_VIEW])).toEqual([
      { href: '/assets/parts.css', text: '/* assets/parts.css */' },
    ])
  })

  it('gives the cart page its own styles and those of the cards it shows', () => {
    expect(assets.stylesFor(['root', 'cart:winkelwagen']).map((style) => style.href)).toEqual([
      '/assets/cart-page.css',
      '/assets/parts.css',
    ])
  })

  it('gives a checkout step its styles in the first HTML, under a language prefix too', () => {
    for (const id of ['checkout-billing:checkout', 'checkout-billing::language/checkout'])
      expect(assets.stylesFor(['root', id]).map((style) => style.href)).toEqual(['/assets/checkout.css'])
  })

  it('preloads the modules of the page, its view and its language, each once', () => {
    expect(assets.modulesFor(['root', 'dynamic'], 'nl', [CATALOGUE_VIEW])).toEqual([
      '/assets/entry.js',
      '/assets/react.js',
      '/assets/dynamic.route.js',
      '/assets/catalogue-view.js',
      '/assets/parts.js',
      '/assets/locale-nl.js',
    ])
  })

  it('gives a page of the account area its frame and the account part of its texts', () => {
    const views = ['src/app/account/account-area.tsx']
    expect(assets.modulesFor(['root', 'account-orders:account'], 'nl', views, ['first', 'account'])).toEqual([
      '/assets/entry.js',
      '/assets/react.js',
      '/assets/account-area.js',
      '/assets/locale-nl.js',
      '/assets/locale-nl-account.js',
    ])
    expect(assets.stylesFor(['root', 'account-orders:account'], views).map((style) => style.href)).toEqual([
      '/assets/account.css',
    ])
  })

  it('finds a module the build grouped into a chunk named after it', () => {
    const grouped = pageAssets({
      'src/app/entry.client.tsx': { file: 'assets/entry.js', isEntry: true, css: ['assets/entry.css'] },
      '_content-1.js': { file: 'assets/content-1.js', name: 'content' },
      '_catalogue-view-2.js': {
        file: 'assets/catalogue-view-2.js',
        name: 'catalogue-view',
        imports: ['_content-1.js'],
        css: ['assets/catalogue-view.css'],
      },
      'locales/nl.json?part=first': { file: 'assets/locale-nl.js' },
    })
    expect(grouped.modulesFor(['root', 'dynamic'], 'nl', [CATALOGUE_VIEW])).toEqual([
      '/assets/entry.js',
      '/assets/content-1.js',
      '/assets/catalogue-view-2.js',
      '/assets/locale-nl.js',
    ])
    expect(grouped.stylesFor(['root', 'dynamic'], [CATALOGUE_VIEW]).map((style) => style.href)).toEqual([
      '/assets/catalogue-view.css',
    ])
  })

  it('preloads the start’s steps the entry imports with every page, each once', () => {
    const steps = pageAssets({
      'src/app/entry.client.tsx': {
        file: 'assets/entry.js',
        isEntry: true,
        dynamicImports: ['_react-1.js', '_start-2.js'],
      },
      '_react-1.js': { file: 'assets/react-1.js', name: 'react' },
      '_start-2.js': { file: 'assets/start-2.js', name: 'start', imports: ['_react-1.js', 'src/app/entry.client.tsx'] },
      '_content-3.js': { file: 'assets/content-3.js', name: 'content', imports: ['_react-1.js'] },
      'locales/nl.json?part=first': { file: 'assets/locale-nl.js' },
    })
    expect(steps.modulesFor(['root', 'dynamic'], 'nl')).toEqual([
      '/assets/entry.js',
      '/assets/react-1.js',
      '/assets/start-2.js',
      '/assets/content-3.js',
      '/assets/locale-nl.js',
    ])
  })
})
