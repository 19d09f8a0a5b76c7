import type { Brand } from '../../domain/locale.ts'

/**
 * Brand colours (SPEC §9: primary green, tertiary pink, a green variant for the second brand; the German brand in its
 * own mill blue). The CSS holds the full themes (the custom properties at the top of src/app/styles/app.css); these
 * are the few values needed outside CSS: theme-color, the manifest and the PWA icons (scripts/generate-icons.ts).
 */
export const BRAND_THEME: Record<Brand, { name: string; primary: string; background: string }> = {
  equivera: { name: 'Equivera', primary: '#1f5f3a', background: '#ffffff' },
  muehldorfer: { name: 'Mühldorfer', primary: '#1d4e89', background: '#ffffff' },
  paddockpure: { name: 'Paddock Pure', primary: '#2d6a1e', background: '#ffffff' },
  corporate: { name: 'Equivera Group', primary: '#1f5f3a', background: '#ffffff' },
}
