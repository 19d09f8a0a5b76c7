/** Client-only code run on the server throws 'Method only allowed on the client'. */
export function assertClient(): void {
  if (typeof window === 'undefined' || typeof document === 'undefined') {
    throw new Error('Method only allowed on the client')
  }
}

export const isClient = () => typeof window !== 'undefined' && typeof document !== 'undefined'
