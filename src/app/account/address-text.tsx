// An address as the account pages show it: street and number, postcode and city, country.
import type { Address } from '../../domain/address.ts'
import type { Country } from '../../domain/country.ts'

export function AddressText({ address, countries }: { address: Address; countries: readonly Country[] }) {
  const country = countries.find((c) => c.countryId === address.countryId)?.name
  return (
    <address>
      {address.street} {address.streetNumber}
      {address.streetNumberAddition && ` ${address.streetNumberAddition}`}
      <br />
      {address.zipcode} {address.city}
      {country && (
        <>
          <br />
          {country}
        </>
      )}
    </address>
  )
}
