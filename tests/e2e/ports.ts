// The ports the browser tests use: the shared server on E2E_PORT (8181 unless set) and servers of their own above it,
// so two checkouts can run their browser tests side by side on one machine.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181)

/** A port for a test's own server, `offset` above the shared one. */
export const ownPort = (offset: number) => E2E_PORT + offset
