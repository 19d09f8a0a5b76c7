import { atom } from 'jotai'

/** The last navigation ended in an error page: the loading bar finishes in the failure colour. */
export const navigationFailedAtom = atom(false)
