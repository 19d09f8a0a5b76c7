import { assertClient } from '../client-only.ts'
import { COOKIE_MAX_AGE_SECONDS } from '../../domain/cookies.ts'

/** Sets a cookie of the shop on the current host for a year (see src/domain/cookies.ts for reading them). */
export function writeCookie(name: string, value: string): void {
  assertClient()
  const secure = location.protocol === 'https:' ? '; Secure' : ''
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`
}
