import type { Brand } from './locale.ts'

/**
 * The brands' colours: Equivera's primary green (also the group's), Paddock Pure's green variant and Mühldorfer's
 * mill blue. The style sheet holds the full themes (the brand custom properties of the app's styles); these are the
 * few values needed outside CSS: the page's theme-color, the web manifest and the PWA icons (scripts/generate-icons.ts).
 */
export const BRAND_THEME: Record<Brand, { name: string; primary: string; background: string }> = {
  equivera: { name: 'Equivera', primary: '#1f5f3a', background: '#ffffff' },
  muehldorfer: { name: 'Mühldorfer', primary: '#1d4e89', background: '#ffffff' },
  paddockpure: { name: 'Paddock Pure', primary: '#2d6a1e', background: '#ffffff' },
  corporate: { name: 'Equivera Group', primary: '#1f5f3a', background: '#ffffff' },
}

/** Every brand, in a stable order. */
export const BRANDS = Object.keys(BRAND_THEME) as Brand[]
