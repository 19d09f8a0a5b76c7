// `GET /api/captcha/challenge`: a fresh ALTCHA challenge for the widget (captcha.ts). Never cached: each one is
// single use.
import { z } from 'zod'
import type { AppContext, ZodApp } from '../context.ts'

/** altcha-lib's Challenge (v2), as the widget reads it. */
const ChallengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: z.number().optional(),
    parallelism: z.number().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().optional(),
})

export function captchaRoutes(app: ZodApp, { captcha }: AppContext) {
  app.get('/api/captcha/challenge', { config: { cache: 'none' }, schema: { response: { 200: ChallengeSchema } } }, () =>
    captcha.challenge(),
  )
}
