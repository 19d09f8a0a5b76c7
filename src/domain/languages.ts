import { z } from 'zod'
import { LANGUAGE_CODES } from './language-codes.ts'

export const LanguageCodeSchema = z.enum(LANGUAGE_CODES)
