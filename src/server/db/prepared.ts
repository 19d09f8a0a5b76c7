// A query that runs often with the same shape (routing lookups on every page view) is compiled once per database
// and then run with new parameters: building and compiling a Kysely query costs more than the indexed lookup itself.
// The query is compiled with marker values; each marker's position in the compiled parameters is recorded, so the
// real values go where the markers were, whatever order the dialect puts them in.
import { CompiledQuery, type Compilable } from 'kysely'
import type { Db } from './database.ts'

type Params = readonly (string | number | boolean | null)[]

export function prepared<P extends Params, R>(build: (db: Db, ...markers: P) => Compilable<R>, arity: P['length']) {
  const compiledFor = new WeakMap<Db, { sql: CompiledQuery<R>; positions: number[] }>()
  return async (db: Db, ...params: P): Promise<R[]> => {
    let entry = compiledFor.get(db)
    if (!entry) {
      const markers = Array.from({ length: arity }, (_, i) => `\u0000param${i}\u0000`) as unknown as P
      const sql = build(db, ...markers).compile()
      const positions = sql.parameters.map((value) => (markers as readonly unknown[]).indexOf(value))
      if (positions.some((p) => p === -1) || new Set(positions).size !== arity) {
        throw new Error(`A prepared query must use each of its ${arity} parameters once and nothing else: ${sql.sql}`)
      }
      entry = { sql, positions }
      compiledFor.set(db, entry)
    }
    const { sql, positions } = entry
    const query = CompiledQuery.raw(
      sql.sql,
      positions.map((p) => params[p]),
    )
    const result = await db.executeQuery<R>({ ...query, query: sql.query, queryId: sql.queryId })
    return result.rows
  }
}
