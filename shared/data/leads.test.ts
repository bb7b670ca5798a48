import { describe, expect, it } from 'vitest'
import { expectEach } from '../../tests/support/expect-each.ts'
import { leadRecordSchema } from '../schemas/lead.ts'
import { csvCell, leadsToCsv } from './leads.ts'

describe('leads as CSV', () => {
  it('quotes cells with quotes, commas or line breaks', () => {
    expectEach(csvCell, {
      plain: 'plain',
      'a, b': '"a, b"',
      'say "hi"': '"say ""hi"""',
      'two\nlines': '"two\nlines"',
    })
  })

  it('defuses cells a spreadsheet would run as formulas', () => {
    for (const value of ['=SUM(A1:A9)', '+1 415 555 0100', '-2+3', '@cmd', '\tx', '\rx'])
      expect(csvCell(value).replace(/^"/, '')).toMatch(/^'/)
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"')
  })

  it('writes a header and one CRLF line per lead, owners by email', () => {
    const lead = leadRecordSchema.parse({
      id: 'l1',
      name: 'Priya',
      email: 'priya@startup.example',
      phone: '+91 98765 43210',
      requirement: 'Five engineers, Pune',
      tech_stack: 'Go',
      created_at: '2026-11-20T10:00:00Z',
      status: 'won',
      notes: 'Signed',
      owner_id: 'u1',
      landing_path: '/post/hiring-in-pune',
      referrer_host: 'news.example.com',
      utm_campaign: 'autumn',
    })
    expect(leadsToCsv([lead], { u1: 'sales@meridian.example' })).toBe(
      'Received,Name,Email,Phone,Requirement,Technology stack,Status,Owner,Notes,Source,Landing page,Referrer,UTM source,UTM medium,UTM campaign\r\n' +
        '2026-11-20T10:00:00Z,Priya,priya@startup.example,\'+91 98765 43210,"Five engineers, Pune",Go,Won,sales@meridian.example,Signed,news.example.com,/post/hiring-in-pune,news.example.com,,,autumn\r\n',
    )
  })
})
