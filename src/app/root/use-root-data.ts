import { useRouteLoaderData } from 'react-router'
import type { RootData } from './root.data.ts'

/** The frame's data (site, language, navigation …) from the root route; every page renders inside it. */
export function useRootData(): RootData {
  const data = useRouteLoaderData<RootData>('root')
  if (!data) throw new Error('useRootData outside the root route')
  return data
}
