// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { assertClient } from './client-only.ts'
import { persistScope } from './scope-storage.ts'
import { pushEvent } from './tracking/data-layer.ts'

describe('client-only code on the server', () => {
  it.each([
    ['assertClient', () => assertClient()],
    ['persistScope', () => persistScope({ siteId: 1, languageId: 12 })],
    ['pushEvent', () => pushEvent({ event: 'x' })],
  ])('%s throws the client-only message', (_name, call) => {
    expect(call).toThrow('Method only allowed on the client')
  })
})
