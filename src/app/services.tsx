import { createContext, useContext, type ReactNode } from 'react'
import type { AppServices } from './router-context.ts'

// The same services the loaders get, for components (e.g. the switcher asking for alternates).
const ServicesContext = createContext<AppServices | null>(null)

export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext value={services}>{children}</ServicesContext>
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext)
  if (!services) throw new Error('useServices outside ServicesProvider')
  return services
}
