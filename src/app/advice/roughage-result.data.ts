// The roughage scan result page's data: the result its key names on this site (GET /api/scanresults/{key}), opened
// without signing in: the key in the mailed link is the secret. An unknown key is a 404 page.
import { data, type LoaderFunctionArgs } from 'react-router'
import { RESULT_KEY_PATTERN } from '../../domain/catalogue-paths.ts'
import { ScanResultSchema, type ScanResult } from '../../domain/scan.ts'
import { ApiRequestError } from '../../browser/transport.ts'
import { servicesOf } from '../router-context.ts'

export interface RoughageResultData {
  result: ScanResult | null
}

export async function loadRoughageResult({ context, params, request }: LoaderFunctionArgs) {
  const key = params.key ?? ''
  const notFound = () => data<RoughageResultData>({ result: null }, { status: 404 })
  if (!RESULT_KEY_PATTERN.test(key) || (params.scanType !== 'rqs' && params.scanType !== 'qs')) return notFound()
  const response = await servicesOf(context).api.send({ path: `/api/scanresults/${key}`, signal: request.signal })
  if (response.status === 404) return notFound()
  if (response.status !== 200) throw new ApiRequestError(response.status, response.body, response.headers)
  const result = ScanResultSchema.parse(response.body)
  if (result.type !== params.scanType) return notFound()
  return { result } satisfies RoughageResultData
}
