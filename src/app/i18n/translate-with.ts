import type { TFunction } from 'i18next'
import type { Translate } from '../../domain/variant-label.ts'

/** i18next's typed `t` as the plain translation function the domain's text helpers take. */
export const translateWith =
  (t: TFunction): Translate =>
  (key, params) =>
    (t as unknown as (key: string, options?: object) => string)(key, params)
