// What a shopper typed in the checkout's forms, kept on the device (IndexedDB) so a reload, an app update or a
// dropped connection loses nothing. Kept per site and form until the order is placed, for at most 30 days (it holds
// personal details, so not for ever on a shared phone). What is read back is checked; a draft that fails the check
// is dropped and the form starts empty.
import { z } from 'zod'
import { shopDatabase } from '../../browser/db.ts'
import { reportStorageError } from '../../browser/storage-status.ts'

export const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000

export const DraftValuesSchema = z.record(z.string().max(60), z.union([z.string().max(400), z.boolean()]))
export type DraftValues = z.infer<typeof DraftValuesSchema>

const DraftSchema = z.object({ values: DraftValuesSchema, savedAt: z.iso.datetime() })

const keyOf = (siteId: number, form: string) => `${siteId}:${form}`

/** The form's draft, or null when there is none (or it was unreadable or too old). */
export async function readDraft(siteId: number, form: string, now = Date.now()): Promise<DraftValues | null> {
  const db = shopDatabase()
  const record = await db.checkoutDrafts.get(keyOf(siteId, form))
  if (!record) return null
  const draft = DraftSchema.safeParse(record)
  if (!draft.success || now - Date.parse(draft.data.savedAt) > DRAFT_MAX_AGE_MS) {
    await db.checkoutDrafts.delete(keyOf(siteId, form))
    return null
  }
  return draft.data.values
}

/** Keeps the form's values; a full or missing storage is told to the UI (the storage notice), the form goes on. */
export async function saveDraft(siteId: number, form: string, values: DraftValues): Promise<boolean> {
  const parsed = DraftValuesSchema.parse(values)
  try {
    await shopDatabase().checkoutDrafts.put({
      key: keyOf(siteId, form),
      siteId,
      values: parsed,
      savedAt: new Date().toISOString(),
    })
    return true
  } catch (error) {
    try {
      reportStorageError(error)
    } catch {
      // told to the storage notice
    }
    return false
  }
}

/** One form's draft is done with. */
export async function clearDraft(siteId: number, form: string): Promise<void> {
  await shopDatabase().checkoutDrafts.delete(keyOf(siteId, form))
}

/** Once the order is placed nothing typed is needed any more. */
export async function clearDrafts(siteId: number): Promise<void> {
  await shopDatabase().checkoutDrafts.where('siteId').equals(siteId).delete()
}

/** Sign-out: everything typed in the checkout on this device, of every site, is someone's personal data. */
export async function clearAllDrafts(): Promise<void> {
  await shopDatabase().checkoutDrafts.clear()
}
