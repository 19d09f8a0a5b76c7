// The dealers on a map (Leaflet, loaded after the page is in; tiles from the configured tile server). Without tiles
// (offline, a blocked server) the markers still stand on an empty map and the list beside it says everything.
import 'leaflet/dist/leaflet.css'
import type { Map as LeafletMap } from 'leaflet'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { DealerDirectory, FoundDealer, Point } from '../../domain/dealers.ts'

export function DealerMap({
  tiles,
  from,
  dealers,
}: {
  tiles: DealerDirectory['tiles']
  from: Point | null
  dealers: FoundDealer[]
}) {
  const { t } = useTranslation()
  const element = useRef<HTMLElement>(null)

  useEffect(() => {
    let map: LeafletMap | undefined
    let gone = false
    void import('leaflet').then((L) => {
      if (gone || !element.current) return
      // Not in the tab order itself (its zoom buttons are): the list beside it says all the map shows.
      map = L.map(element.current, { scrollWheelZoom: false, keyboard: false })
      L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 18 }).addTo(map)
      const points: [number, number][] = []
      if (from) {
        L.circleMarker([from.lat, from.lon], { radius: 6, color: '#c2185b', fillOpacity: 1 }).addTo(map)
        points.push([from.lat, from.lon])
      }
      for (const dealer of dealers) {
        L.circleMarker([dealer.lat, dealer.lon], { radius: 8, color: '#1f5f3a', fillOpacity: 0.8 })
          .bindTooltip(dealer.name)
          .addTo(map)
        points.push([dealer.lat, dealer.lon])
      }
      if (points.length > 0) map.fitBounds(L.latLngBounds(points), { padding: [24, 24], maxZoom: 13 })
    })
    return () => {
      gone = true
      map?.remove()
    }
  }, [tiles, from, dealers])

  // A labelled region, not an image: Leaflet puts its zoom buttons inside, and an image's content is not interactive.
  return <section ref={element} className="dealer-map" aria-label={t('dealers.mapLabel')} />
}
