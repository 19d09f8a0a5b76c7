// The localization cookie: the visitor made a country/language choice on this host, so do not ask again.
// It holds `localizationChoiceDate` and lasts 365 days; a corrupt cookie counts as no choice.
import { loadSchemas } from '../api/shop-api.ts'
import { readCookie } from '../../domain/cookies.ts'
import { writeCookie } from '../ui/cookies.ts'

export const LOCALIZATION_COOKIE = 'localization'
export async function localizationChoiceDate(cookieHeader: string): Promise<string | null> {
  const raw = readCookie(cookieHeader, LOCALIZATION_COOKIE)
  if (raw === null) return null
  try {
    const parsed = (await loadSchemas()).localizationChoice.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data.localizationChoiceDate : null
  } catch {
    return null
  }
}

export function rememberLocalizationChoice(now = new Date()): void {
  writeCookie(LOCALIZATION_COOKIE, JSON.stringify({ localizationChoiceDate: now.toISOString() }))
}
