import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { OfflineStore, StoreLockedError } from './offline-store.ts'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'offline-store-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('the offline store folder', () => {
  it('is used by one open store at a time: a second is refused in words until the first closes', async () => {
    const first = await OfflineStore.open(dir)
    const second = OfflineStore.open(dir)
    await expect(second).rejects.toBeInstanceOf(StoreLockedError)
    await expect(second).rejects.toThrow(
      `The offline store is in use by another Meridian process (pid ${process.pid}).`,
    )
    first.close()
    const again = await OfflineStore.open(dir)
    again.close()
  })
})
