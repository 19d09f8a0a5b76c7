import { z } from 'zod'
import { DeliveryCountrySchema } from './address-rules.ts'

// DPD pickup points (parcel shops): what the delivery step lists when the shipping method is Dpd, nearest first.
// The spec names no search call; ours is GET /api/pickuppoints?zipcodeOrCity&country (docs/addresses.md).

export const PICKUP_POINT_SEARCH_URL = '/api/pickuppoints'
export const PICKUP_POINT_MAX_RESULTS = 10

export const OpeningHoursSchema = z.object({
  /** ISO weekday: 1 = Monday … 7 = Sunday; a day without an entry is closed. */
  day: z.number().int().min(1).max(7),
  open: z.string().regex(/^\d{2}:\d{2}$/),
  close: z.string().regex(/^\d{2}:\d{2}$/),
})
export type OpeningHours = z.infer<typeof OpeningHoursSchema>
export const OpeningHoursListSchema = z.array(OpeningHoursSchema)

export const PickupPointSchema = z.object({
  parcelShopId: z.string().min(1),
  name: z.string(),
  street: z.string(),
  streetNumber: z.string(),
  zipcode: z.string(),
  city: z.string(),
  countryCode: DeliveryCountrySchema,
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  distanceKm: z.number().min(0),
  openingHours: OpeningHoursListSchema,
})
export type PickupPoint = z.infer<typeof PickupPointSchema>

export const PickupPointSearchQuerySchema = z.object({
  /** A postcode, a city or a street, from its start (the cart keeps it as dpdParcelShopZipcodeOrCity). */
  zipcodeOrCity: z.string().trim().min(1).max(100),
  country: DeliveryCountrySchema.default('NL'),
})

export const PickupPointListSchema = z.array(PickupPointSchema)

const EARTH_RADIUS_KM = 6371
const rad = (degrees: number) => (degrees * Math.PI) / 180

/** Great-circle distance by the haversine formula, in km. */
export function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const dLat = rad(b.latitude - a.latitude)
  const dLon = rad(b.longitude - a.longitude)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)))
}
