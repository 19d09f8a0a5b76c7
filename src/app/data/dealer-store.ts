// The dealer finder's copy on the device: a site's dealers and places as the server last gave them, so the list and
// the search work without a connection. Checked on read; a copy that fails the check is dropped.
import { z } from 'zod'
import { DealerDirectorySchema, type DealerDirectory } from '../../domain/dealers.ts'
import { shopDatabase } from '../../browser/db.ts'
import { reportStorageError } from '../../browser/storage-status.ts'

const RecordSchema = z.object({ directory: DealerDirectorySchema, savedAt: z.iso.datetime() })

export async function saveDealerDirectory(siteId: number, directory: DealerDirectory, now = new Date()): Promise<void> {
  try {
    await shopDatabase().dealerDirectories.put({ siteId, directory, savedAt: now.toISOString() })
  } catch (error) {
    try {
      reportStorageError(error)
    } catch {
      // told to the storage notice
    }
  }
}

/** The copy and when it was saved, or null. */
export async function readDealerDirectory(siteId: number): Promise<{ directory: DealerDirectory; asOf: string } | null> {
  const record = await shopDatabase().dealerDirectories.get(siteId)
  if (!record) return null
  const parsed = RecordSchema.safeParse(record)
  if (!parsed.success) {
    await shopDatabase().dealerDirectories.delete(siteId)
    return null
  }
  return { directory: parsed.data.directory, asOf: parsed.data.savedAt }
}
