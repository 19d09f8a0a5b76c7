// The account area's frame (its navigation, the unread count, signing out, its styles) is only on the account's own
// pages: a chunk loaded with them (routes.tsx), not part of every first page.
import type { ComponentType, ReactNode } from 'react'

/** The module the server preloads for a page in the account layout (entry.server.tsx). */
export const ACCOUNT_AREA_MODULE = 'src/app/account/account-area.tsx'

let Area: ComponentType<{ children: ReactNode }> | undefined

/** A route's lazy module, resolved once the account area's frame is loaded too. */
export function withAccountArea<T>(lazy: () => Promise<T>): () => Promise<T> {
  return async () => {
    const [module, area] = await Promise.all([lazy(), import('./account-area.tsx')])
    Area = area.AccountArea
    return module
  }
}

/**
 * The page in the account area's frame, which its route loaded before the page renders (withAccountArea). Only where
 * that load failed (offline, the chunk not kept) is it missing: the error shown then stands without the frame.
 */
export function AccountFrame({ children }: { children: ReactNode }) {
  return Area ? <Area>{children}</Area> : children
}
