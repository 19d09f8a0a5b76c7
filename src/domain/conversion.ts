import { z } from 'zod'

/** A mailing's id as it arrives on a landing URL (`?mailplus_id=`): short, letters, digits, '-' and '_'. */
export const MailplusIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/)
