// How columns are stored: JSON columns hold text that the repositories read and write through db/json-column.ts with
// the domain's zod schemas; booleans are stored as integers 0/1 on SQLite and booleans on PostgreSQL, and read back
// through `Boolean()`.

export type Bool = number | boolean
