import { useEffect, useState } from 'react'
import type { UspCollection } from '../../domain/content.ts'
import { UspBar } from '../frame/header.tsx'
import { useRootData } from '../root/use-root-data.ts'
import { useServices } from '../services.tsx'

/** The site's cart USPs: a collection of its own, set per site. */
export function CartUsps() {
  const { api } = useServices()
  const { site } = useRootData()
  const [usps, setUsps] = useState<UspCollection | null>(null)
  useEffect(() => {
    const controller = new AbortController()
    api
      .usps(site.cartUspCollectionId, controller.signal)
      .then(setUsps)
      .catch(() => undefined)
    return () => controller.abort()
  }, [api, site.cartUspCollectionId])
  return usps ? <UspBar usps={usps} /> : null
}
