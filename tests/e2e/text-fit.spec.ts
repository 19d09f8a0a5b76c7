import { expect, test, type Page } from '@playwright/test'
import { PAGE_KINDS } from './page-kinds.ts'
import { E2E_PORT } from './ports.ts'

// Every page kind on a 390 px phone, in several languages and brands: nothing wider than the screen, no text cut
// off by its box, no placeholder that does not fit its field, no word broken in the middle.

const site = (host: string) => `http://${host}:${E2E_PORT}`
const NL = site('equivera-nl.localhost')
const PAGES = [
  ...PAGE_KINDS.map(([name, path]) => [name, `${NL}${path}`] as const),
  ['German home (Mühldorfer)', `${site('muehldorfer-de.localhost')}/`],
  ['German category', `${site('muehldorfer-de.localhost')}/muesli/`],
  ['Estonian home', `${site('equivera-ee.localhost')}/`],
  ['Danish home (Paddock Pure)', `${site('paddockpure-dk.localhost')}/`],
  ['Belgian French home', `${site('equivera-be.localhost')}/fr/`],
  ['Belgian French product', `${site('equivera-be.localhost')}/fr/mueslis/muesli-loisir/`],
  ['Polish cart', `${site('equivera-pl.localhost')}/cart/`],
] as const

/** What is cut on the page as it stands, each described by its element and text. */
function cutTexts(page: Page) {
  return page.evaluate(() => {
    const found: string[] = []
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${element.textContent?.trim().slice(0, 40)}"`
    const screenWidth = document.documentElement.clientWidth
    if (document.documentElement.scrollWidth > screenWidth + 1)
      found.push(`the page is ${document.documentElement.scrollWidth} px wide`)

    for (const element of document.body.querySelectorAll('*')) {
      if (!element.checkVisibility({ visibilityProperty: true })) continue
      const text = [...element.childNodes].filter(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
      )
      if (text.length === 0) continue
      const style = getComputedStyle(element)
      const box = element.getBoundingClientRect()
      if (box.width <= 1 || box.height <= 1) continue // hidden, or for assistive technology only
      // Text running out of its box: cut off where the box hides it, over its neighbours where it does not.
      if (
        element.clientWidth > 0 &&
        element.scrollWidth > element.clientWidth + 1 &&
        !/auto|scroll/.test(style.overflowX)
      )
        found.push(`${/hidden|clip/.test(style.overflowX) ? 'cut by' : 'running out of'} its box: ${describe(element)}`)
      if (box.width > screenWidth + 1) found.push(`wider than the screen: ${describe(element)}`)
      // A text wider than the scroller it sits in can never be read whole.
      const scroller = element.parentElement?.closest('*:is([style*="overflow"], ul, div, p, nav)')
      if (scroller && /auto|scroll/.test(getComputedStyle(scroller).overflowX) && box.width > scroller.clientWidth + 1)
        found.push(`wider than its scroller: ${describe(element)}`)
      // A word broken in the middle: a line that starts inside a word.
      for (const node of text) {
        const content = node.textContent ?? ''
        const range = document.createRange()
        let previousTop: number | null = null
        for (let i = 0; i < content.length; i++) {
          range.setStart(node, i)
          range.setEnd(node, i + 1)
          const rects = range.getClientRects()
          if (rects.length === 0) continue
          const top = rects[0]!.top
          if (
            previousTop !== null &&
            top > previousTop + 2 &&
            /\p{L}/u.test(content[i]!) &&
            /\p{L}/u.test(content[i - 1] ?? '')
          )
            found.push(
              `a word broken in the middle: ${describe(element)} at "${content.slice(Math.max(0, i - 8), i + 8)}"`,
            )
          previousTop = top
        }
      }
    }

    // A placeholder longer than its field.
    const canvas = document.createElement('canvas').getContext('2d')!
    for (const input of document.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
      if (!input.checkVisibility()) continue
      const style = getComputedStyle(input)
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
      if (canvas.measureText(input.placeholder).width > room + 1) found.push(`placeholder cut: "${input.placeholder}"`)
    }
    return [...new Set(found)]
  })
}

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  for (const [name, url] of PAGES) {
    test(`${name}: no text is cut`, async ({ page, context }) => {
      await context.addCookies([{ name: 'consent', value: 'necessary', url }])
      await page.goto(url)
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
      expect(await cutTexts(page)).toEqual([])
      // The open menu too.
      await page.locator('.menu-toggle').click()
      expect(await cutTexts(page)).toEqual([])
    })
  }
})
