// JSON text columns. A repository reads one through its column here, so a row leaves it as a domain shape, checked
// with the domain's zod schema: a bad row is an error that names its table and column, never a bad answer.
import { z } from 'zod'

export interface JsonColumn<T, In = T> {
  /** The column's value; throws, naming table and column, when the text is not JSON or not of the schema's shape. */
  parse(text: string): T
  /** The same for a column that may be NULL (SQL NULL, not the JSON text 'null'). */
  parseNullable(text: string | null): T | null
  /** The text to store. */
  serialise(value: In): string
}

export function jsonColumn<S extends z.ZodType>(
  table: string,
  column: string,
  schema: S,
): JsonColumn<z.output<S>, z.input<S>> {
  const fail = (reason: string, cause: unknown): never => {
    throw new Error(`Bad row in ${table}.${column}: ${reason}`, { cause })
  }
  const parse = (text: string): z.output<S> => {
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch (error) {
      return fail('the text is not JSON', error)
    }
    const result = schema.safeParse(value)
    return result.success ? result.data : fail(z.prettifyError(result.error).replaceAll('\n', ' '), result.error)
  }
  return {
    parse,
    parseNullable: (text) => (text === null ? null : parse(text)),
    serialise: (value) => JSON.stringify(value),
  }
}
