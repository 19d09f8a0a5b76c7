import { describe, expect, it } from 'vitest'
import { startedModules, startScript } from './start-script.ts'

describe('the bootstrap script', () => {
  it('names its modules so a reader of the page finds them, the entry first', () => {
    const modules = ['/assets/entry.client-1.js', '/assets/content-2.js', '/assets/locale-nl-3.js']
    const page = `<script nonce="n">window.x = 1;${startScript(modules)}</script>`
    expect(startedModules(page)).toEqual(modules)
    expect(page).toContain('import(m[0])')
  })

  it('cannot be ended early by what a module name holds', () => {
    expect(startScript(['/assets/</script><b>.js'])).not.toContain('</script>')
    expect(startedModules(startScript(['/assets/</script>.js']))).toEqual(['/assets/</script>.js'])
  })

  it('finds nothing in a page without it', () => {
    expect(startedModules('<html><body></body></html>')).toEqual([])
  })
})
