import { ApiRequestError } from '../../browser/transport.ts'

/** A call that did not reach the shop (offline, timed out: the transport's 503) rather than one it refused. */
export const isUnreachable = (error: unknown) =>
  error instanceof ApiRequestError ? error.status === 503 || error.status === 504 || error.status === 0 : true
