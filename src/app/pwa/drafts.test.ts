import { beforeEach, describe, expect, it } from 'vitest'
import { hasDirtyFields, restoreDrafts, saveDrafts } from './drafts.ts'

function form() {
  document.body.innerHTML = `
    <form>
      <input id="name" value="">
      <input id="secret" type="password" value="">
      <textarea name="note"></textarea>
      <input id="news" type="checkbox">
    </form>`
  return {
    name: document.getElementById('name') as HTMLInputElement,
    secret: document.getElementById('secret') as HTMLInputElement,
    note: document.querySelector('textarea')!,
    news: document.getElementById('news') as HTMLInputElement,
  }
}

describe('drafts across an update reload', () => {
  beforeEach(() => sessionStorage.clear())

  it('knows when nothing was typed', () => {
    form()
    expect(hasDirtyFields()).toBe(false)
  })

  it('keeps what was typed (never a password) and puts it back after the reload', () => {
    const before = form()
    before.name.value = 'Anna de Vries'
    before.secret.value = 'geheim123'
    before.note.value = 'Twee zakken graag'
    before.news.checked = true
    expect(hasDirtyFields()).toBe(true)
    saveDrafts()

    const after = form() // the new version's page
    const seen: string[] = []
    after.name.addEventListener('input', () => seen.push('input'))
    restoreDrafts()
    expect(after.name.value).toBe('Anna de Vries')
    expect(after.note.value).toBe('Twee zakken graag')
    expect(after.news.checked).toBe(true)
    expect(after.secret.value).toBe('')
    expect(seen).toEqual(['input'])
    // Put back once: a later reload starts empty.
    const again = form()
    restoreDrafts()
    expect(again.name.value).toBe('')
  })
})
