import { beforeEach, describe, expect, it } from 'vitest'
import { freshDatabase } from '../../../tests/helpers/indexed-db.ts'
import type { ShopDatabase } from '../../browser/db.ts'
import { clearDrafts, DRAFT_MAX_AGE_MS, readDraft, saveDraft } from './checkout-drafts.ts'

describe('checkout drafts on the device', () => {
  let db: ShopDatabase
  beforeEach(() => {
    db = freshDatabase()
  })

  it('keeps what was typed per site and form, and gives it back', async () => {
    await saveDraft(1, 'billing', { firstName: 'Anna', newsletter: true })
    await saveDraft(2, 'billing', { firstName: 'Bert' })
    expect(await readDraft(1, 'billing')).toEqual({ firstName: 'Anna', newsletter: true })
    expect(await readDraft(2, 'billing')).toEqual({ firstName: 'Bert' })
    expect(await readDraft(1, 'delivery')).toBeNull()
  })

  it('drops a draft that fails the check or is older than 30 days', async () => {
    await db.checkoutDrafts.put({ key: '1:billing', siteId: 1, values: { firstName: 42 }, savedAt: 'yesterday' })
    expect(await readDraft(1, 'billing')).toBeNull()
    expect(await db.checkoutDrafts.get('1:billing')).toBeUndefined()

    await saveDraft(1, 'billing', { firstName: 'Anna' })
    expect(await readDraft(1, 'billing', Date.now() + DRAFT_MAX_AGE_MS + 1000)).toBeNull()
  })

  it("forgets a site's drafts once its order is placed", async () => {
    await saveDraft(1, 'billing', { firstName: 'Anna' })
    await saveDraft(1, 'delivery', { term: 'Utrecht' })
    await saveDraft(2, 'billing', { firstName: 'Bert' })
    await clearDrafts(1)
    expect(await readDraft(1, 'billing')).toBeNull()
    expect(await readDraft(1, 'delivery')).toBeNull()
    expect(await readDraft(2, 'billing')).toEqual({ firstName: 'Bert' })
  })
})
