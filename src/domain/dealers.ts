import { z } from 'zod'
import { IdSchema } from './ids.ts'

// The dealer finder (spec §1 store locator, /store-locator/): the dealers of a site's country with where they are,
// when they are open and what they stock, found by postcode, town or the device's position and listed by distance.
// Pure: the server answers a search with it, and the browser runs the same search over its copy offline.

const Time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/)

export const OpeningHoursSchema = z
  .array(z.object({ day: z.number().int().min(0).max(6), opens: Time, closes: Time }))
  .max(14)
export type OpeningHours = z.infer<typeof OpeningHoursSchema>

export const DealerSchema = z.object({
  dealerId: IdSchema,
  name: z.string().min(1).max(120),
  street: z.string().min(1).max(120),
  postcode: z.string().min(1).max(12),
  city: z.string().min(1).max(80),
  countryCode: z.string().length(2),
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  phone: z.string().max(30),
  /** Weekdays 0 (Monday) to 6 (Sunday); a day can have two spans (a lunch break). */
  openingHours: OpeningHoursSchema,
  /** Product groups it keeps in stock (the catalogue's group keys). */
  stocks: z.array(z.string().max(60)).max(20),
})
export type Dealer = z.infer<typeof DealerSchema>

/** A known place (a town's centre and postcode): what a typed postcode or town is found by. */
export const PlaceSchema = z.object({
  city: z.string().min(1).max(80),
  postcode: z.string().min(1).max(12),
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
})
export type Place = z.infer<typeof PlaceSchema>

/** `GET /api/dealers`: the dealers of the site's country and its places, for the finder and its offline copy. */
export const DealerDirectorySchema = z.object({
  countryCode: z.string().length(2),
  /** The map's tiles: a URL template ({z}/{x}/{y}) and the attribution their licence asks for. */
  tiles: z.object({ url: z.string().max(300), attribution: z.string().max(200) }),
  dealers: z.array(DealerSchema),
  places: z.array(PlaceSchema),
})
export type DealerDirectory = z.infer<typeof DealerDirectorySchema>

export const DEALER_QUERY_MAX = 60
export const DEALERS_SHOWN = 10

/** What a search is from: typed text (postcode or town) or a position. */
export const DealerSearchSchema = z.union([
  z.object({ q: z.string().trim().min(1).max(DEALER_QUERY_MAX) }),
  z.object({ lat: z.coerce.number().min(-90).max(90), lon: z.coerce.number().min(-180).max(180) }),
])
export type DealerSearch = z.infer<typeof DealerSearchSchema>

export interface Point {
  lat: number
  lon: number
}

const EARTH_RADIUS_KM = 6371.0088
const rad = (degrees: number) => (degrees * Math.PI) / 180

/** The great-circle distance between two points (haversine), in km. */
export function distanceKm(a: Point, b: Point): number {
  const dLat = rad(b.lat - a.lat)
  const dLon = rad(b.lon - a.lon)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** Compared without case, accents, spaces, dashes or apostrophes: "'s-Hertogenbosch" and 'shertogenbosch', '111 20' and '11120'. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[\s\-‐–.'’]/g, '')

/**
 * Where a typed postcode or town is: a place whose postcode or town is what was typed, else the places whose
 * postcode starts alike (the longest shared beginning, at least two characters: a postcode of the same area), or
 * whose town starts with it; their centre when several. Null when nothing matches.
 */
export function locate(places: readonly Place[], query: string): (Point & { label: string }) | null {
  const q = fold(query)
  if (q.length === 0) return null
  const exact = places.find((p) => fold(p.postcode) === q || fold(p.city) === q)
  if (exact) return { lat: exact.lat, lon: exact.lon, label: exact.city }
  let matches: Place[] = []
  if (/\d/.test(q)) {
    for (let length = Math.min(q.length, 8); length >= 2 && matches.length === 0; length--)
      matches = places.filter((p) => fold(p.postcode).startsWith(q.slice(0, length)))
  } else matches = places.filter((p) => fold(p.city).startsWith(q))
  if (matches.length === 0) return null
  const lat = matches.reduce((sum, p) => sum + p.lat, 0) / matches.length
  const lon = matches.reduce((sum, p) => sum + p.lon, 0) / matches.length
  return { lat, lon, label: matches.length === 1 ? matches[0]!.city : query.trim() }
}

export interface FoundDealer extends Dealer {
  distanceKm: number
}

/** The dealers nearest a point, nearest first (ties by name), at most `limit`. */
export function nearestDealers(dealers: readonly Dealer[], from: Point, limit = DEALERS_SHOWN): FoundDealer[] {
  // A bounded selection: one pass, keeping the `limit` nearest, so 5,000 dealers cost no sort of 5,000.
  const kept: FoundDealer[] = []
  for (const dealer of dealers) {
    const found = { ...dealer, distanceKm: distanceKm(from, dealer) }
    if (kept.length === limit && found.distanceKm >= kept[kept.length - 1]!.distanceKm) continue
    let at = kept.length
    while (
      at > 0 &&
      (kept[at - 1]!.distanceKm > found.distanceKm ||
        (kept[at - 1]!.distanceKm === found.distanceKm && kept[at - 1]!.name > found.name))
    )
      at--
    kept.splice(at, 0, found)
    if (kept.length > limit) kept.pop()
  }
  return kept
}

export type DealerSearchResult =
  { ok: true; from: Point & { label: string | null }; dealers: FoundDealer[] } | { ok: false; reason: 'unknownPlace' }

/** A search over a directory: by typed postcode or town, or by position. */
export function searchDealers(
  directory: Pick<DealerDirectory, 'dealers' | 'places'>,
  search: DealerSearch,
  limit = DEALERS_SHOWN,
): DealerSearchResult {
  const from = 'q' in search ? locate(directory.places, search.q) : { lat: search.lat, lon: search.lon, label: null }
  if (!from) return { ok: false, reason: 'unknownPlace' }
  return { ok: true, from, dealers: nearestDealers(directory.dealers, from, limit) }
}

/** `GET /api/dealers/search`: the same result, as the API sends it. */
export const DealerSearchAnswerSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    from: z.object({ lat: z.number(), lon: z.number(), label: z.string().nullable() }),
    dealers: z.array(DealerSchema.extend({ distanceKm: z.number().min(0) })),
  }),
  z.object({ ok: z.literal(false), reason: z.literal('unknownPlace') }),
])

/** A route to the dealer in the device's maps (OpenStreetMap's directions; a phone offers its own maps app). */
export const routeLink = (dealer: Point) =>
  `https://www.openstreetmap.org/directions?to=${dealer.lat.toFixed(5)}%2C${dealer.lon.toFixed(5)}`

/** The dealer finder's path word per language, as the spec names it: /store-locator/ everywhere. */
export const DEALER_FINDER_PATH = 'store-locator'
