import { describe, expect, it } from 'vitest'
import type { SyncStatus } from '../../contract.ts'
import { syncStatus } from '../../../tests/support/sync-status.ts'
import { describeSyncStatus } from './sync-status.utils.ts'

const now = new Date('2026-11-23T12:00:00Z')
const describe_ = (patch: Partial<SyncStatus>) =>
  describeSyncStatus(syncStatus('2026-11-23T11:59:40Z', patch), now)

describe('the sync status bar', () => {
  it('says "Checking…" before main has answered', () => {
    expect(describeSyncStatus(null, now)).toMatchObject({ connection: 'Checking…', pending: '' })
  })

  it('online, signed in, nothing waiting: all changes saved', () => {
    expect(describe_({})).toEqual({
      connection: 'Online',
      pending: 'All changes saved to the server',
      conflicts: '',
      attention: '',
      lastSync: 'Last synced just now',
      error: '',
      tone: 'ok',
    })
  })

  it('counts the changes waiting, one and many', () => {
    expect(describe_({ pending: 1 })).toMatchObject({ pending: '1 change waiting to sync', tone: 'waiting' })
    expect(describe_({ pending: 3 }).pending).toBe('3 changes waiting to sync')
  })

  it('says "Syncing…" while a sync runs, and still counts what waits', () => {
    expect(describe_({ syncing: true, pending: 2 })).toMatchObject({
      connection: 'Syncing…',
      pending: '2 changes waiting to sync',
    })
  })

  it('offline: says so and keeps counting what waits', () => {
    expect(describe_({ online: false, pending: 2 })).toMatchObject({
      connection: 'Offline',
      pending: '2 changes waiting to sync',
      tone: 'offline',
    })
    // Offline with nothing queued, everything made here is on the server.
    expect(describe_({ online: false }).pending).toBe('All changes saved to the server')
  })

  it('signed out with queued edits: they wait until the editor signs in', () => {
    expect(describe_({ signedIn: false, pending: 2 })).toMatchObject({
      connection: 'Online',
      pending: 'Signed out — 2 changes wait until you sign in',
      tone: 'signed-out',
    })
    expect(describe_({ signedIn: false, pending: 1 }).pending).toBe(
      'Signed out — 1 change waits until you sign in',
    )
    expect(describe_({ signedIn: false, online: false, pending: 1 })).toMatchObject({
      connection: 'Offline',
      pending: 'Signed out — 1 change waits until you sign in',
    })
    expect(describe_({ signedIn: false })).toMatchObject({ pending: 'Signed out', tone: 'signed-out' })
  })

  it('conflicts and refused changes: counted, and nothing is called saved', () => {
    const conflicts = describe_({ conflicts: 2 })
    expect(conflicts).toMatchObject({
      conflicts: '2 conflicts to resolve',
      pending: 'Nothing waiting to sync',
      tone: 'problem',
    })
    expect(describe_({ conflicts: 1 }).conflicts).toBe('1 conflict to resolve')
    expect(describe_({ attention: 1 })).toMatchObject({
      attention: '1 change needs attention',
      pending: 'Nothing waiting to sync',
      tone: 'problem',
    })
    expect(describe_({ attention: 2 }).attention).toBe('2 changes need attention')
  })

  it('never says "All changes saved" unless nothing waits, nothing is open and the editor is signed in', () => {
    for (const online of [true, false])
      for (const signedIn of [true, false])
        for (const pending of [0, 1])
          for (const conflicts of [0, 1])
            for (const attention of [0, 1]) {
              const text = describe_({ online, signedIn, pending, conflicts, attention }).pending
              const allSaved = signedIn && pending === 0 && conflicts === 0 && attention === 0
              expect(
                text === 'All changes saved to the server',
                JSON.stringify({ online, signedIn, pending, conflicts, attention }),
              ).toBe(allSaved)
            }
  })

  it('says when the last sync was, or that there was none, and shows the last error in words', () => {
    expect(describe_({ lastSyncAt: '2026-11-23T11:55:00Z' }).lastSync).toBe('Last synced 5 min ago')
    expect(describe_({ lastSyncAt: '2026-11-20T09:30:00Z' }).lastSync).toMatch(
      /^Last synced November 20, 2026 at /,
    )
    expect(describe_({ lastSyncAt: null }).lastSync).toBe('Not synced yet')
    expect(describe_({ lastError: 'The server could not be reached.' }).error).toBe(
      'The server could not be reached.',
    )
  })
})
