import type { Db } from '../db/database.ts'

/** Records a conversion once; a repeated report of the same mailing on the same site changes nothing. */
export async function recordConversion(db: Db, siteId: number, mailplusId: string, at: Date): Promise<void> {
  await db
    .insertInto('conversions')
    .values({ siteId, mailplusId, createdAt: at.toISOString() })
    .onConflict((conflict) => conflict.columns(['siteId', 'mailplusId']).doNothing())
    .execute()
}

export function countConversions(db: Db, siteId: number, mailplusId: string) {
  return db
    .selectFrom('conversions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('siteId', '=', siteId)
    .where('mailplusId', '=', mailplusId)
    .executeTakeFirstOrThrow()
}
