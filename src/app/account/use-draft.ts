// What was typed in a report form, kept in session storage per product while the form is open: a reload, a trip to
// another page or a failed send offline loses nothing. Gone once the report is sent. The photo is not kept (a file
// cannot be stored there); it stays while the page does.
import { useCallback, useState } from 'react'
import { z } from 'zod'

const DraftSchema = z.object({ orderId: z.string(), quantity: z.string(), reason: z.string(), text: z.string() })
export type ReturnDraft = z.infer<typeof DraftSchema>

const keyOf = (variantId: number) => `return-draft:${variantId}`

function read(variantId: number): ReturnDraft | null {
  try {
    const stored = sessionStorage.getItem(keyOf(variantId))
    return stored ? (DraftSchema.safeParse(JSON.parse(stored)).data ?? null) : null
  } catch {
    return null
  }
}

export function useDraft(variantId: number, initial: ReturnDraft) {
  const [draft, setState] = useState<ReturnDraft>(() => {
    const stored = typeof window === 'undefined' ? null : read(variantId)
    // An order given in the address (the link from the list) wins over the one kept.
    return stored ? { ...stored, orderId: initial.orderId || stored.orderId } : initial
  })
  const set = useCallback(
    (change: Partial<ReturnDraft>) =>
      setState((current) => {
        const next = { ...current, ...change }
        try {
          sessionStorage.setItem(keyOf(variantId), JSON.stringify(next))
        } catch {
          // storage blocked: the draft lives as long as the page
        }
        return next
      }),
    [variantId],
  )
  const clear = useCallback(() => {
    try {
      sessionStorage.removeItem(keyOf(variantId))
    } catch {
      // nothing kept
    }
  }, [variantId])
  return [draft, set, clear] as const
}

/** Sign-out: the next person on this device must not find what the last one typed. */
export function clearReturnDrafts(): void {
  try {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith('return-draft:')) sessionStorage.removeItem(key)
  } catch {
    // storage blocked: nothing was kept there either
  }
}
