import { describe, expect, it } from 'vitest'
import { formatPublishAt, fromLocalInput, timeZoneLabel, toLocalInput } from './publish-time.ts'

describe('publish times', () => {
  it('round-trips a datetime-local value through an instant in this zone', () => {
    const iso = fromLocalInput('2027-03-14T09:30')!
    expect(new Date(iso).getHours()).toBe(9)
    expect(toLocalInput(iso)).toBe('2027-03-14T09:30')
    expect(fromLocalInput('')).toBeNull()
    expect(fromLocalInput('tomorrow')).toBeNull()
    expect(toLocalInput(null)).toBe('')
  })

  it('names the zone with every time it shows', () => {
    expect(formatPublishAt('2027-03-14T04:00:00Z', 'Asia/Kolkata')).toBe('March 14, 2027 at 9:30 AM GMT+5:30')
    expect(timeZoneLabel(new Date('2027-03-14T04:00:00Z'), 'Asia/Kolkata')).toBe('GMT+5:30')
  })
})
