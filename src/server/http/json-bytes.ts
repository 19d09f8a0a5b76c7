// JSON written as UTF-8 straight into one scratch buffer of this server's, from pieces: text, bytes written out once
// and kept (a product summary, a facet value's key and label), and whole numbers. An answer sent once (a new search)
// is compressed from those bytes in the same turn and never kept, so it needs no buffer of its own; building it as one
// string instead (joined, flattened, two bytes a character once a label has a dash, then encoded) cost a fifth of a
// new search's time. The bytes an answer is written into are valid until the next answer is begun.

/** The scratch buffer, grown (and kept at that size) for a larger answer. */
let scratch = Buffer.allocUnsafeSlow(64 * 1024)

const DIGIT_0 = 0x30
export const COMMA = 0x2c

export class JsonBytes {
  #bytes = scratch
  #at = 0

  /** Room for `size` more bytes: a larger scratch buffer, with what is written so far, where it lacks them. */
  #room(size: number): Buffer {
    if (this.#at + size > this.#bytes.length) {
      const larger = Buffer.allocUnsafeSlow(Math.max(this.#bytes.length * 2, this.#at + size))
      larger.set(this.#bytes.subarray(0, this.#at))
      this.#bytes = scratch = larger
    }
    return this.#bytes
  }

  /** Text as it is (JSON already, or JSON's punctuation), as UTF-8. */
  text(text: string): this {
    // At most three bytes of UTF-8 for each UTF-16 unit.
    this.#at += this.#room(text.length * 3).write(text, this.#at, 'utf8')
    return this
  }

  /** One ASCII character (JSON's punctuation), by its code. */
  char(code: number): this {
    this.#room(1)[this.#at++] = code
    return this
  }

  /** Bytes written out before, copied in. */
  bytes(bytes: Uint8Array): this {
    this.#room(bytes.length).set(bytes, this.#at)
    this.#at += bytes.length
    return this
  }

  /** A JSON number; a whole one from 0 up is written digit by digit, without making a string of it. */
  number(value: number): this {
    if (!Number.isSafeInteger(value) || value < 0) return this.text(JSON.stringify(value))
    let digits = 1
    for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++
    const bytes = this.#room(digits)
    let rest = value
    for (let i = this.#at + digits - 1; i >= this.#at; i--) {
      bytes[i] = DIGIT_0 + (rest % 10)
      rest = Math.floor(rest / 10)
    }
    this.#at += digits
    return this
  }

  /** Drops the last `count` bytes written (the closing brace of an object written out, to add to it). */
  drop(count: number): this {
    this.#at = Math.max(0, this.#at - count)
    return this
  }

  /** The bytes written: valid until the next answer is begun. */
  done(): Buffer {
    return this.#bytes.subarray(0, this.#at)
  }
}

/**
 * A JSON object's UTF-8 bytes: `head`, an object written out, with the array `key` added last, its items given as the
 * UTF-8 bytes of their JSON.
 */
export function jsonWithList(head: string, key: string, items: readonly Uint8Array[]): Buffer {
  const json = new JsonBytes().text(head).drop(1)
  json.text(`${head === '{}' ? '' : ','}${JSON.stringify(key)}:`)
  return listOf(json, items).text('}').done()
}

/** A JSON array of items written out before. */
export function listOf(json: JsonBytes, items: readonly Uint8Array[]): JsonBytes {
  json.text('[')
  items.forEach((item, i) => (i > 0 ? json.char(COMMA) : json).bytes(item))
  return json.text(']')
}
