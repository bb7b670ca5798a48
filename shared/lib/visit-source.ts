/**
 * Where a visit came from, as the public pages carry it to the lead form: the names the page's inline visit
 * script (`server/web/visit-script.ts`) keeps in the tab's sessionStorage under `visitStorageKey`, which are
 * also the lead form's hidden fields and the keys `POST /api/leads` and `POST /get-started` read. No zod
 * here: the public pages import this.
 */

export const visitStorageKey = 'meridian:visit'

export const visitSourceFieldNames = [
  'landing_path',
  'referrer_host',
  'utm_source',
  'utm_medium',
  'utm_campaign',
] as const

export type VisitSourceFieldName = (typeof visitSourceFieldNames)[number]

/** The visit's source kept in this tab (empty when none was kept, or storage is off). */
export function storedVisitSource(
  storage: Pick<Storage, 'getItem'> | null = typeof sessionStorage === 'undefined' ? null : sessionStorage,
): Partial<Record<VisitSourceFieldName, string>> {
  const source: Partial<Record<VisitSourceFieldName, string>> = {}
  try {
    const kept: unknown = JSON.parse(storage?.getItem(visitStorageKey) ?? 'null')
    if (typeof kept !== 'object' || kept === null) return source
    for (const name of visitSourceFieldNames) {
      const value = (kept as Record<string, unknown>)[name]
      if (typeof value === 'string' && value !== '') source[name] = value.slice(0, 300)
    }
  } catch {
    // Storage off or a value that is not ours: no source.
  }
  return source
}
