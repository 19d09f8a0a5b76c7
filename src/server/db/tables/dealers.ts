// The dealer finder's data (src/server/dealers/, migration 0024): dealers per country and the country's known places
// (town centres with their postcode), by which a typed postcode or town is found.
export interface DealerTable {
  id: number
  countryId: number
  name: string
  street: string
  postcode: string
  city: string
  lat: number
  lon: number
  phone: string
  /** JSON: OpeningHoursSchema. */
  openingHours: string
  /** JSON: the product group keys it stocks. */
  stocks: string
}

export interface DealerPlaceTable {
  id: number
  countryId: number
  city: string
  postcode: string
  lat: number
  lon: number
}

export interface DealerTables {
  dealers: DealerTable
  dealerPlaces: DealerPlaceTable
}
