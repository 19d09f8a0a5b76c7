import type { Brand } from '../../domain/locale.ts'

/**
 * Brand colours (SPEC §9: primary green, tertiary pink, a green variant for the second brand). The CSS holds the
 * full themes (src/app/styles/theme.css); these are the few values needed outside CSS: theme-color and the manifest.
 */
export const BRAND_THEME: Record<Brand, { name: string; primary: string; background: string }> = {
  equivera: { name: 'Equivera', primary: '#1f5f3a', background: '#ffffff' },
  muehldorfer: { name: 'Mühldorfer', primary: '#1f5f3a', background: '#ffffff' },
  paddockpure: { name: 'Paddock Pure', primary: '#2d6a1e', background: '#ffffff' },
  corporate: { name: 'Equivera Group', primary: '#1f5f3a', background: '#ffffff' },
}
