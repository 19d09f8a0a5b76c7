// Something costly to make (an Intl format, a translated text), made on the first use of its key and kept after.

/**
 * `make` wrapped so each key's value is made once and kept. With `max`, the kept values are dropped when there are
 * more than that many (for keys without bound, such as amounts); without it, for a small known set (languages).
 */
export function keptPerKey<K, V>(make: (key: K) => V, max = Infinity): (key: K) => V {
  const kept = new Map<K, V>()
  return (key) => {
    let value = kept.get(key)
    if (value === undefined) {
      if (kept.size >= max) kept.clear()
      kept.set(key, (value = make(key)))
    }
    return value
  }
}
