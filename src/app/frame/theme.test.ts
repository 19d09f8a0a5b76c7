// The brand themes as the style sheet defines them: each brand's custom properties (the defaults of :root with the
// brand's own on top), checked against src/domain/brands.ts (theme-color, manifest, icons) and for WCAG AA contrast.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { Brand } from '../../domain/locale.ts'
import { BRAND_THEME } from '../../domain/brands.ts'

// Read from the file: Vitest hands CSS imports to tests empty. Tests run from the repository's root.
const css = readFileSync('src/app/styles/theme.css', 'utf8').replace(/\/\*[\s\S]*?\*\//g, '')

/** The colour properties of the rules whose selector list names `selector`. */
function propertiesOf(selector: string): Record<string, string> {
  const properties: Record<string, string> = {}
  for (const [, selectors, body] of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    if (!selectors!.split(',').some((s) => s.trim() === selector)) continue
    for (const [, name, value] of body!.matchAll(/(--color-[\w-]+):\s*([^;]+);/g)) properties[name!] = value!.trim()
  }
  return properties
}

const themeOf = (brand: Brand) => ({ ...propertiesOf(':root'), ...propertiesOf(`[data-brand='${brand}']`) })

/** WCAG 2 relative luminance and contrast ratio of two #rrggbb colours. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = Number.parseInt(hex.slice(start, start + 2), 16) / 255
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].toSorted((x, y) => y - x)
  return (light! + 0.05) / (dark! + 0.05)
}

const WHITE = '#ffffff'
/** Text over background as the shop's parts use them; all text, so AA asks 4.5:1. */
const PAIRS = [
  ['body text', '--color-text', '--color-surface'],
  ['text on tinted blocks', '--color-text', '--color-surface-alt'],
  ['muted notes', '--color-muted', '--color-surface'],
  ['muted notes on tinted blocks', '--color-muted', '--color-surface-alt'],
  ['links', '--color-primary', '--color-surface'],
  ['links on tinted blocks (USP bar, hero)', '--color-primary', '--color-surface-alt'],
  ['hovered links', '--color-primary-dark', '--color-surface'],
  ['errors', '--color-failure', '--color-surface'],
  ['button text', WHITE, '--color-primary'],
  ['footer text', WHITE, '--color-primary-dark'],
  ['notification bar and count badges', WHITE, '--color-tertiary'],
] as const

describe.each(Object.keys(BRAND_THEME) as Brand[])('the %s theme', (brand) => {
  const theme = themeOf(brand)
  const colour = (value: string) => (value.startsWith('--') ? theme[value]! : value)

  it('defines every colour as #rrggbb', () => {
    expect(Object.keys(theme).length).toBeGreaterThanOrEqual(10)
    for (const value of Object.values(theme)) expect(value).toMatch(/^#[0-9a-f]{6}$/)
  })

  it('has the primary colour of brands.ts (theme-color, manifest and icons match the page)', () => {
    expect(theme['--color-primary']).toBe(BRAND_THEME[brand].primary)
  })

  it.each(PAIRS)('%s reach AA contrast (4.5:1)', (_, foreground, background) => {
    expect(contrast(colour(foreground), colour(background))).toBeGreaterThanOrEqual(4.5)
  })

  it('draws the focus ring at 3:1 or more against the page', () => {
    expect(contrast(theme['--color-focus']!, theme['--color-surface']!)).toBeGreaterThanOrEqual(3)
  })
})

describe('brands', () => {
  it.each(['muehldorfer', 'paddockpure'] as const)('%s has colours of its own, not Equivera’s', (brand) => {
    expect(themeOf(brand)['--color-primary']).not.toBe(themeOf('equivera')['--color-primary'])
    expect(themeOf(brand)['--color-tertiary']).not.toBe(themeOf('equivera')['--color-tertiary'])
    expect(BRAND_THEME[brand].primary).not.toBe(BRAND_THEME.equivera.primary)
  })
})
