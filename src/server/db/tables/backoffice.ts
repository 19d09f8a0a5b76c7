// The back-office audit trail (summary: JSON text, read and written with the domain's schema in the repository).

export interface BackofficeAuditTable {
  id: string
  action: string
  at: string
  tokenFingerprint: string
  requestId: string
  summary: string
}

export interface BackofficeTables {
  backofficeAudit: BackofficeAuditTable
}
