import { describe, expect, it } from 'vitest'
import { longDate, longDateTime } from './dates.ts'

describe('the one date format', () => {
  it('writes long dates, in UTC unless told otherwise', () => {
    expect(longDate('2026-10-01T23:30:00Z')).toBe('October 1, 2026')
    expect(longDate('2026-10-01T23:30:00Z', 'Asia/Kolkata')).toBe('October 2, 2026')
  })

  it('writes times with the zone they are in', () => {
    expect(longDateTime('2027-03-14T04:00:00Z', 'Asia/Kolkata')).toBe('March 14, 2027 at 9:30 AM GMT+5:30')
    expect(longDateTime('2027-03-14T04:00:00Z', 'UTC')).toBe('March 14, 2027 at 4:00 AM UTC')
  })
})
