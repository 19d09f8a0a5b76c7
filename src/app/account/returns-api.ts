// The return reports' calls (server: src/server/returns/). Reading goes through the app's transport (fetch with the
// site and language headers); the report itself is multipart/form-data, which the JSON transport does not send, so it
// is a fetch of its own, with a longer timeout: a photo over one bar of signal takes a while.
import { ApiRequestError, fetchTransport } from '../../browser/transport.ts'
import { ApiErrorSchema } from '../../domain/errors.ts'
import {
  ReturnableLinesSchema,
  ReturnReportSchema,
  ReturnReportsSchema,
  type ReturnableLine,
  type ReturnField,
  type ReturnReport,
} from '../../domain/returns.ts'
import type { ScopeIds } from '../../domain/scope.ts'

/** How long a report with its photo may take to arrive. */
export const UPLOAD_TIMEOUT_MS = 120_000

const scopeHeaders = (scope: ScopeIds | null): Record<string, string> =>
  scope ? { siteid: String(scope.siteId), languageid: String(scope.languageId) } : {}

export function returnsApi(scope: ScopeIds | null) {
  const transport = fetchTransport()
  const get = async (path: string, signal?: AbortSignal) => {
    const response = await transport({ path, headers: scopeHeaders(scope), signal })
    if (response.status !== 200) throw new ApiRequestError(response.status, response.body, response.headers)
    return response.body
  }
  return {
    reports: async (signal?: AbortSignal): Promise<ReturnReport[]> =>
      ReturnReportsSchema.parse(await get('/api/account/returns', signal)),
    returnable: async (signal?: AbortSignal): Promise<ReturnableLine[]> =>
      ReturnableLinesSchema.parse(await get('/api/account/returns/returnable', signal)),
    /** Sends the form; a network failure is status 503, like the transport's. */
    report: async (form: FormData): Promise<ReturnReport> => {
      let response: Response
      try {
        response = await fetch('/api/account/returns', {
          method: 'POST',
          credentials: 'include',
          headers: { accept: 'application/json', ...scopeHeaders(scope) },
          body: form,
          signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
        })
      } catch {
        throw new ApiRequestError(503, null)
      }
      const body: unknown = await response.json().catch(() => null)
      if (response.status !== 200) throw new ApiRequestError(response.status, body, response.headers)
      return ReturnReportSchema.parse(body)
    },
  }
}

/** The network could not be reached (offline, a timeout), as opposed to a refusal. */
export const isUnreachable = (error: unknown) =>
  !(error instanceof ApiRequestError) || error.status === 503 || error.status === 504 || error.status === 0

export const isSignedOut = (error: unknown) => error instanceof ApiRequestError && error.status === 401

/** The refused fields of a 400 `invalidFields`: each field's locale key and its parameters. */
export function refusedFields(
  error: unknown,
): Partial<Record<ReturnField, { key: string; params: Record<string, string> }>> {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return {}
  const body = ApiErrorSchema.safeParse(error.body)
  if (!body.success || body.data.code !== 'invalidFields') return {}
  const params = body.data.params ?? {}
  const fields: Partial<Record<ReturnField, { key: string; params: Record<string, string> }>> = {}
  for (const [name, key] of Object.entries(params)) {
    if (name.includes(':') || !key.startsWith('account.returns.errors.')) continue
    const own = Object.fromEntries(
      Object.entries(params)
        .filter(([param]) => param.startsWith(`${name}:`))
        .map(([param, value]) => [param.slice(name.length + 1), value]),
    )
    fields[name as ReturnField] = { key, params: own }
  }
  return fields
}
