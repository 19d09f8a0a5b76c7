import { z } from 'zod'

/** An e-mail address as every form and call takes it: a valid address of at most 254 characters (RFC 5321). */
export const EmailAddressSchema = z.email().max(254)
