import { getDefaultStore } from 'jotai'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { API_VERSION } from '../../domain/version.ts'
import { checkApiVersion, updateAvailableAtom } from './update.ts'

describe('the version handshake', () => {
  afterEach(() => {
    document.body.innerHTML = ''
    vi.restoreAllMocks()
  })

  it('does nothing while the server speaks this app’s API version', () => {
    checkApiVersion(String(API_VERSION))
    checkApiVersion(null)
    expect(getDefaultStore().get(updateAvailableAtom)).toBe(false)
  })

  it('offers the update when the server speaks another version, and waits while a field holds typed text', () => {
    document.body.innerHTML = '<input id="name" value="">'
    ;(document.getElementById('name') as HTMLInputElement).value = 'typed'
    const reload = vi.fn<() => void>()
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location)
    checkApiVersion(String(API_VERSION + 1))
    expect(getDefaultStore().get(updateAvailableAtom)).toBe(true)
    expect(reload).not.toHaveBeenCalled()
  })
})
