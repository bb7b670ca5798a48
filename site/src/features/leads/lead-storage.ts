import type { LeadInput, StoredLead } from '@shared/schemas/lead.ts'

/** Spec §3: the browser keeps every lead under `leads`, newest first, each with an ISO timestamp. */
export const leadsStorageKey = 'leads'

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>

/** The leads this browser has kept (an unreadable value counts as none rather than breaking the form). */
export function readStoredLeads(storage: KeyValueStorage): StoredLead[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(leadsStorageKey) ?? '[]')
    return Array.isArray(parsed) ? (parsed as StoredLead[]) : []
  } catch {
    return []
  }
}

/** Step 1 of the submission: keep the lead locally before anything goes over the network. */
export function saveLeadLocally(
  lead: LeadInput,
  storage: KeyValueStorage,
  now: Date = new Date(),
): StoredLead {
  const entry: StoredLead = { ...lead, timestamp: now.toISOString() }
  storage.setItem(leadsStorageKey, JSON.stringify([entry, ...readStoredLeads(storage)]))
  return entry
}
