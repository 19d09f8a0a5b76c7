// Known addresses the embedded address provider answers from (src/server/addresses/). The *_key columns hold
// addressSearchKey() of their text, for indexed prefix searches.

export interface AddressTable {
  id: number
  /** ISO 3166 alpha-2: NL, BE, DE. */
  countryCode: string
  /** As the country writes it: '1234 AB', '1000', '10115'. */
  postcode: string
  postcodeKey: string
  street: string
  streetKey: string
  houseNumber: number
  houseNumberAddition: string
  city: string
  cityKey: string
}

/** DPD pickup points (seeded); opening_hours is JSON text (OpeningHoursListSchema). */
export interface PickupPointTable {
  id: number
  parcelShopId: string
  countryCode: string
  name: string
  street: string
  streetKey: string
  streetNumber: string
  postcode: string
  postcodeKey: string
  city: string
  cityKey: string
  latitude: number
  longitude: number
  openingHours: string
}

export interface AddressTables {
  addresses: AddressTable
  pickupPoints: PickupPointTable
}
