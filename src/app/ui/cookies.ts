import { assertClient } from '../client-only.ts'

/** Cookies of the shop last 365 days and belong to the current host (SPEC §9): no Domain attribute. */
export const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60

/** A cookie's decoded value from a Cookie header (or document.cookie); null when absent or not decodable. */
export function readCookie(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const index = part.indexOf('=')
    if (index < 0 || part.slice(0, index).trim() !== name) continue
    try {
      return decodeURIComponent(part.slice(index + 1).trim())
    } catch {
      return null
    }
  }
  return null
}

export function writeCookie(name: string, value: string): void {
  assertClient()
  const secure = location.protocol === 'https:' ? '; Secure' : ''
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`
}
