import { describe, expect, it } from 'vitest'
import { leadsStorageKey, readStoredLeads, saveLeadLocally } from './lead-storage.ts'

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial))
  return {
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
  }
}

const lead = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0000',
  requirement: 'Two data engineers',
  techStack: 'Python',
}

describe('leads kept in the browser', () => {
  it('puts the newest lead first with an ISO timestamp', () => {
    const storage = memoryStorage()
    saveLeadLocally(lead, storage, new Date('2026-01-01T10:00:00Z'))
    saveLeadLocally({ ...lead, name: 'Grace Hopper' }, storage, new Date('2026-01-02T10:00:00Z'))
    const stored = JSON.parse(storage.getItem(leadsStorageKey)!)
    expect(stored.map((l: { name: string }) => l.name)).toEqual(['Grace Hopper', 'Ada Lovelace'])
    expect(stored[0].timestamp).toBe('2026-01-02T10:00:00.000Z')
  })

  it('starts a fresh list when the stored value is not a list', () => {
    const storage = memoryStorage({ [leadsStorageKey]: '{not json' })
    expect(readStoredLeads(storage)).toEqual([])
    saveLeadLocally(lead, storage)
    expect(readStoredLeads(storage)).toHaveLength(1)
  })
})
