// The feed calculator's horses on this device: named horses of a stable (several per site) with the form that gives
// their advice and the advice of their first feed when saved, and the form as it was last left. Kept in IndexedDB,
// so the calculator opens with them in the stable without a connection; everything read back is checked, and a record
// that fails the check is dropped rather than shown.
import { z } from 'zod'
import { StoredFeedAdviceSchema } from '../../domain/account-scans.ts'
import { FeedCalculatorInputsSchema, HORSE_NAME_MAX } from '../../domain/feed-calculator.ts'
import type { FeedCalculatorForm } from '../../domain/feed-calculator-query.ts'
import { shopDatabase } from '../../browser/db.ts'
import { reportStorageError } from '../../browser/storage-status.ts'

export const SavedHorseSchema = z.object({
  id: z.uuid(),
  siteId: z.number().int().positive(),
  name: z.string().trim().min(1).max(HORSE_NAME_MAX),
  inputs: FeedCalculatorInputsSchema,
  advice: StoredFeedAdviceSchema.nullable(),
  savedAt: z.iso.datetime(),
})
export type SavedHorse = z.infer<typeof SavedHorseSchema>

const FormSchema = z.object({
  type: z.string().max(20),
  roughage: z.string().max(20),
  weight: z.string().max(20),
  work: z.string().max(20),
  energy: z.string().max(20),
  horses: z.string().max(20),
  dm: z.string().max(20),
  de: z.string().max(20),
}) satisfies z.ZodType<FeedCalculatorForm>

function told(error: unknown): false {
  try {
    reportStorageError(error)
  } catch {
    // told to the storage notice
  }
  return false
}

/** A site's saved horses, by name; unreadable ones are removed. */
export async function readHorses(siteId: number): Promise<SavedHorse[]> {
  const db = shopDatabase()
  const records = await db.horses.where('siteId').equals(siteId).toArray()
  const horses: SavedHorse[] = []
  const broken: string[] = []
  for (const record of records) {
    const horse = SavedHorseSchema.safeParse(record)
    if (horse.success) horses.push(horse.data)
    else broken.push(record.id)
  }
  if (broken.length) await db.horses.bulkDelete(broken).catch(() => undefined)
  return horses.toSorted((a, b) => a.name.localeCompare(b.name) || a.savedAt.localeCompare(b.savedAt))
}

/**
 * Saves a horse; a horse of the same name on the site is replaced (its advice updated), so saving again after a
 * change keeps one record per horse. False when the device could not store it (told to the storage notice).
 */
export async function saveHorse(horse: Omit<SavedHorse, 'id' | 'savedAt'>, now = new Date()): Promise<SavedHorse | null> {
  const db = shopDatabase()
  try {
    return await db.transaction('rw', db.horses, async () => {
      const same = (await db.horses.where('siteId').equals(horse.siteId).toArray()).find(
        (h) => typeof h.name === 'string' && h.name.trim().toLowerCase() === horse.name.trim().toLowerCase(),
      )
      const saved = SavedHorseSchema.parse({
        ...horse,
        id: same?.id ?? crypto.randomUUID(),
        savedAt: now.toISOString(),
      })
      await db.horses.put(saved)
      return saved
    })
  } catch (error) {
    if (error instanceof z.ZodError) throw error
    told(error)
    return null
  }
}

export async function deleteHorse(id: string): Promise<void> {
  await shopDatabase().horses.delete(id)
}

/** The form as it was last left on the site, or null. */
export async function readLastForm(siteId: number): Promise<FeedCalculatorForm | null> {
  const record = await shopDatabase().calculatorLast.get(siteId)
  const form = FormSchema.safeParse(record?.form)
  return form.success ? form.data : null
}

export async function saveLastForm(siteId: number, form: FeedCalculatorForm): Promise<boolean> {
  try {
    await shopDatabase().calculatorLast.put({ siteId, form: FormSchema.parse(form) })
    return true
  } catch (error) {
    return told(error)
  }
}
