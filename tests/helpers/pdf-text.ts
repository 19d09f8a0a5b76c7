// The text of a PDF as a reader's copy-and-paste would give it (pdfjs-dist, the engine of Firefox's viewer): the
// pieces of every page, a line break where the PDF ends a line, and no-break spaces (money in most locales) as plain
// ones, as the reader gets them. Tests read back what a generated PDF says with it; compare with `plainSpaces(text)`.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise
  const pages: string[] = []
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number)
    const { items } = await page.getTextContent()
    pages.push(items.map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ' '}` : '')).join(''))
  }
  await document.destroy()
  return plainSpaces(pages.join('\n'))
}

/** A text with its no-break and narrow no-break spaces as plain spaces. */
export const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')
