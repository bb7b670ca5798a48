/**
 * The one date format of the product, on the site and in the admin: long dates ("October 1, 2026"), and
 * times with the zone's name ("October 1, 2026 at 9:30 AM GMT+5:30"). The site shows post dates in UTC, so the
 * server's rendering and the browser's hydration agree; the admin shows times in the editor's own zone.
 */

const longDateOptions: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' }

/** One formatter per zone: making one costs more than a page's other work on a date (a post page shows six). */
const longDateFormats = new Map<string, Intl.DateTimeFormat>()

/** "October 1, 2026" (UTC unless `timeZone` is given; pass `'local'` for the reader's own zone). */
export function longDate(at: number | string | Date, timeZone: string | 'local' = 'UTC'): string {
  let format = longDateFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      ...longDateOptions,
      ...(timeZone === 'local' ? {} : { timeZone }),
    })
    longDateFormats.set(timeZone, format)
  }
  return format.format(new Date(at))
}

/** "October 1, 2026 at 9:30 AM GMT+5:30": in the reader's (the editor's) zone unless `timeZone` is given. */
export function longDateTime(at: number | string | Date, timeZone?: string): string {
  return new Date(at).toLocaleString('en-US', {
    ...longDateOptions,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  })
}
