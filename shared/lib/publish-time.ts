import { longDateTime } from './dates.ts'
/**
 * Publish times as an editor reads and picks them: in the editor's own time zone (the browser's or the
 * desktop's), always with the zone's name, since a team may sit in several zones.
 */

/** "November 24, 2026 at 9:30 AM GMT+5:30" (the reader's zone unless `timeZone` is given): the one format. */
export function formatPublishAt(at: number | string | Date, timeZone?: string): string {
  return longDateTime(at, timeZone)
}

/** The editor's time zone, e.g. "Asia/Kolkata". */
export function editorTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

/** The zone's short name at a given moment, e.g. "GMT+5:30" or "PST". */
export function timeZoneLabel(at: Date = new Date(), timeZone?: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short', timeZone })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')
  return part?.value ?? ''
}

const pad = (n: number) => String(n).padStart(2, '0')

/** An instant as the value of an `<input type="datetime-local">` (local wall time, to the minute). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return ''
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/** A `datetime-local` value (local wall time) as an ISO instant, or null when empty or not a time. */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value.trim())) return null
  const d = new Date(value.trim())
  return Number.isNaN(d.getTime()) ? null : d.toISOString()
}
