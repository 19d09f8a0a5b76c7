import { z } from 'zod'
import { LANGUAGE_CODES } from './language-codes.ts'

export { LANGUAGE_CODES, normaliseLanguageCode, SECOND_BRAND_LANGUAGES, type LanguageCode } from './language-codes.ts'

export const LanguageCodeSchema = z.enum(LANGUAGE_CODES)
