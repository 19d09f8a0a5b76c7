// Writes src/server/db/seed/countries.json: the countries the shop delivers to, their names in all 15 languages
// (from the ICU data of Node's Intl.DisplayNames, reviewed and committed so seeding does not depend on the ICU version),
// phone codes and zip-code exclusions. Run: `npm exec -- node scripts/generate-countries.ts`.
import { writeFileSync } from 'node:fs'
import type { ZipcodeExclusion } from '../src/domain/country.ts'
import { LANGUAGE_CODES } from '../src/domain/language-codes.ts'
import { CULTURES } from '../src/server/db/seed/languages.ts'

const COUNTRIES: { regionCode: string; phoneCountryCode: string; zipcodeExclusions: ZipcodeExclusion[] }[] = [
  {
    regionCode: 'NL',
    phoneCountryCode: '+31',
    zipcodeExclusions: [
      { kind: 'range', from: '1791', to: '1797', description: 'Texel' },
      { kind: 'exact', zipcode: '8899', description: 'Vlieland' },
      { kind: 'range', from: '8881', to: '8897', description: 'Terschelling' },
      { kind: 'range', from: '9161', to: '9164', description: 'Ameland' },
      { kind: 'exact', zipcode: '9166', description: 'Schiermonnikoog' },
    ],
  },
  { regionCode: 'BE', phoneCountryCode: '+32', zipcodeExclusions: [] },
  {
    regionCode: 'DE',
    phoneCountryCode: '+49',
    zipcodeExclusions: [
      { kind: 'range', from: '25980', to: '25999', description: 'Sylt' },
      { kind: 'exact', zipcode: '25938', description: 'Föhr' },
      { kind: 'exact', zipcode: '25946', description: 'Amrum' },
      { kind: 'exact', zipcode: '27498', description: 'Helgoland' },
      { kind: 'exact', zipcode: '26757', description: 'Borkum' },
      { kind: 'exact', zipcode: '26571', description: 'Juist' },
      { kind: 'exact', zipcode: '26548', description: 'Norderney' },
      { kind: 'exact', zipcode: '26579', description: 'Baltrum' },
      { kind: 'exact', zipcode: '26465', description: 'Langeoog' },
      { kind: 'exact', zipcode: '26474', description: 'Spiekeroog' },
      { kind: 'exact', zipcode: '26486', description: 'Wangerooge' },
    ],
  },
  { regionCode: 'AT', phoneCountryCode: '+43', zipcodeExclusions: [] },
  {
    regionCode: 'DK',
    phoneCountryCode: '+45',
    zipcodeExclusions: [
      { kind: 'range', from: '3700', to: '3790', description: 'Bornholm' },
      { kind: 'prefix', prefix: '39', description: 'Greenland' },
    ],
  },
  {
    regionCode: 'SE',
    phoneCountryCode: '+46',
    zipcodeExclusions: [{ kind: 'prefix', prefix: '62', description: 'Gotland' }],
  },
  { regionCode: 'PL', phoneCountryCode: '+48', zipcodeExclusions: [] },
  { regionCode: 'CZ', phoneCountryCode: '+420', zipcodeExclusions: [] },
  {
    regionCode: 'EE',
    phoneCountryCode: '+372',
    zipcodeExclusions: [
      { kind: 'range', from: '93000', to: '94999', description: 'Saaremaa and Muhumaa' },
      { kind: 'prefix', prefix: '92', description: 'Hiiumaa' },
    ],
  },
  {
    regionCode: 'ES',
    phoneCountryCode: '+34',
    zipcodeExclusions: [
      { kind: 'prefix', prefix: '07', description: 'Balearic Islands' },
      { kind: 'prefix', prefix: '35', description: 'Las Palmas (Canary Islands)' },
      { kind: 'prefix', prefix: '38', description: 'Santa Cruz de Tenerife (Canary Islands)' },
      { kind: 'prefix', prefix: '51', description: 'Ceuta' },
      { kind: 'prefix', prefix: '52', description: 'Melilla' },
    ],
  },
  {
    regionCode: 'PT',
    phoneCountryCode: '+351',
    zipcodeExclusions: [
      { kind: 'range', from: '9000', to: '9499', description: 'Madeira' },
      { kind: 'range', from: '9500', to: '9999', description: 'Azores' },
    ],
  },
  {
    regionCode: 'FR',
    phoneCountryCode: '+33',
    zipcodeExclusions: [
      { kind: 'prefix', prefix: '20', description: 'Corsica' },
      { kind: 'prefix', prefix: '97', description: 'Overseas departments' },
      { kind: 'prefix', prefix: '98', description: 'Overseas collectivities and Monaco' },
    ],
  },
  {
    regionCode: 'IT',
    phoneCountryCode: '+39',
    zipcodeExclusions: [
      { kind: 'exact', zipcode: '23041', description: 'Livigno' },
      { kind: 'exact', zipcode: '22061', description: "Campione d'Italia" },
      { kind: 'range', from: '90010', to: '98168', description: 'Sicily' },
      { kind: 'range', from: '07010', to: '09170', description: 'Sardinia' },
    ],
  },
  {
    regionCode: 'IE',
    phoneCountryCode: '+353',
    zipcodeExclusions: [{ kind: 'prefix', prefix: 'H91 Y', description: 'Aran Islands' }],
  },
  {
    regionCode: 'GB',
    phoneCountryCode: '+44',
    zipcodeExclusions: [
      { kind: 'prefix', prefix: 'BT', description: 'Northern Ireland' },
      { kind: 'prefix', prefix: 'GY', description: 'Guernsey' },
      { kind: 'prefix', prefix: 'JE', description: 'Jersey' },
      { kind: 'prefix', prefix: 'IM', description: 'Isle of Man' },
      { kind: 'prefix', prefix: 'HS', description: 'Outer Hebrides' },
      { kind: 'prefix', prefix: 'ZE', description: 'Shetland' },
    ],
  },
  { regionCode: 'LU', phoneCountryCode: '+352', zipcodeExclusions: [] },
  {
    regionCode: 'CH',
    phoneCountryCode: '+41',
    zipcodeExclusions: [{ kind: 'exact', zipcode: '8238', description: 'Büsingen am Hochrhein' }],
  },
  {
    regionCode: 'NO',
    phoneCountryCode: '+47',
    zipcodeExclusions: [{ kind: 'prefix', prefix: '917', description: 'Svalbard' }],
  },
  {
    regionCode: 'FI',
    phoneCountryCode: '+358',
    zipcodeExclusions: [{ kind: 'prefix', prefix: '22', description: 'Åland Islands' }],
  },
]

const out = COUNTRIES.map((country, index) => ({
  countryId: index + 1,
  ...country,
  names: Object.fromEntries(
    LANGUAGE_CODES.map((code) => [
      code,
      new Intl.DisplayNames([CULTURES[code]], { type: 'region' }).of(country.regionCode) ?? country.regionCode,
    ]),
  ),
}))
writeFileSync('src/server/db/seed/countries.json', JSON.stringify(out, null, 2) + '\n')
console.log(`wrote ${out.length} countries`)
