// The WHATWG URL API, which every runtime the domain runs in provides (browsers, service workers, Node). The domain is
// type-checked with neither DOM nor Node types (src/domain/tsconfig.json), so the part of that API it uses is declared
// here, as the standard defines it; other configurations get it from their own libraries and leave this file out.

interface URLSearchParams {
  readonly size: number
  append(name: string, value: string): void
  delete(name: string, value?: string): void
  get(name: string): string | null
  getAll(name: string): string[]
  has(name: string, value?: string): boolean
  set(name: string, value: string): void
  sort(): void
  toString(): string
  forEach(callback: (value: string, key: string, parent: URLSearchParams) => void): void
  entries(): IterableIterator<[string, string]>
  keys(): IterableIterator<string>
  values(): IterableIterator<string>
  [Symbol.iterator](): IterableIterator<[string, string]>
}

declare var URLSearchParams: {
  prototype: URLSearchParams
  new (init?: string[][] | Record<string, string> | string | URLSearchParams): URLSearchParams
}

interface URL {
  hash: string
  host: string
  hostname: string
  href: string
  readonly origin: string
  password: string
  pathname: string
  port: string
  protocol: string
  search: string
  readonly searchParams: URLSearchParams
  username: string
  toString(): string
  toJSON(): string
}

declare var URL: {
  prototype: URL
  new (url: string | URL, base?: string | URL): URL
  canParse(url: string | URL, base?: string | URL): boolean
}
