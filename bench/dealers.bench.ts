// The dealer finder's search at 5,000 dealers (issue 16): a search by postcode or town and one by position, as the
// server answers `GET /api/dealers/search` and the browser searches its copy offline (the same domain code). Each
// figure is the latency of one search in this process: median and p99 over many, after a warm-up.
import { performance } from 'node:perf_hooks'
import { randomFrom } from '../src/domain/seeded-random.ts'
import { searchDealers, type Dealer, type DealerSearch, type Place } from '../src/domain/dealers.ts'

const DEALERS = 5000
const SEARCHES = 20_000
const random = randomFrom(16)

// Places and dealers over the Netherlands' extent (50.75–53.55 N, 3.35–7.25 E), four-digit postcodes.
const places: Place[] = Array.from({ length: 400 }, (_, i) => ({
  city: `Plaats ${i}`,
  postcode: String(1000 + Math.floor((i / 400) * 8999)),
  lat: 50.75 + random() * 2.8,
  lon: 3.35 + random() * 3.9,
}))
const dealers: Dealer[] = Array.from({ length: DEALERS }, (_, i) => {
  const place = places[i % places.length]!
  return {
    dealerId: i + 1,
    name: `Dealer ${i}`,
    street: 'Dorpsstraat 1',
    postcode: place.postcode,
    city: place.city,
    countryCode: 'NL',
    lat: place.lat + (random() - 0.5) * 0.1,
    lon: place.lon + (random() - 0.5) * 0.1,
    phone: '+31 30 123 4567',
    openingHours: [{ day: 0, opens: '09:00', closes: '18:00' }],
    stocks: ['muesli'],
  }
})
const directory = { dealers, places }
const searches: DealerSearch[] = Array.from({ length: 1000 }, (_, i) =>
  i % 3 === 0
    ? { lat: 50.75 + random() * 2.8, lon: 3.35 + random() * 3.9 }
    : i % 3 === 1
      ? { q: places[Math.floor(random() * places.length)]!.postcode.slice(0, 3) }
      : { q: places[Math.floor(random() * places.length)]!.city },
)

function measure(kind: (s: DealerSearch) => boolean) {
  const chosen = searches.filter(kind)
  for (let i = 0; i < 2000; i++) searchDealers(directory, chosen[i % chosen.length]!)
  const times: number[] = []
  for (let i = 0; i < SEARCHES; i++) {
    const started = performance.now()
    const result = searchDealers(directory, chosen[i % chosen.length]!)
    times.push(performance.now() - started)
    if (!result.ok) throw new Error('a search found no place')
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!
  return { median: at(0.5), p99: at(0.99), max: times.at(-1)! }
}

const figures = {
  byPostcodeOrTown: measure((s) => 'q' in s),
  byPosition: measure((s) => 'lat' in s),
}
console.log(`dealer search over ${DEALERS} dealers and ${places.length} places, ${SEARCHES} searches each (ms):`)
for (const [name, f] of Object.entries(figures))
  console.log(`  ${name.padEnd(18)} median ${f.median.toFixed(3)}  p99 ${f.p99.toFixed(3)}  max ${f.max.toFixed(3)}`)
