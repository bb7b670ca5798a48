import { describe, expect, it } from 'vitest'
import { cardLayout } from './card-layout.ts'

/** The rows a layout makes at a width: how many columns each card takes, row by row. */
function rows(count: number, width: 'md' | 'lg', featureFirst = true): number[][] {
  const columns = width === 'lg' ? 6 : 2
  const out: number[][] = [[]]
  let used = 0
  for (const place of cardLayout(count, { featureFirst })) {
    const span = place[width]
    if (used + span > columns) {
      out.push([])
      used = 0
    }
    out.at(-1)!.push(span)
    used += span
  }
  return out
}

describe('cardLayout', () => {
  it('features the first post across the whole row', () => {
    expect(cardLayout(5)[0]).toEqual({ lg: 6, md: 2, featured: true })
  })

  it('features nothing in a search: the best match is a card like the others', () => {
    expect(cardLayout(5, { featureFirst: false }).some((p) => p.featured)).toBe(false)
  })

  it('never leaves a row with one card beside empty columns, at 768 and 1024 px', () => {
    for (let count = 1; count <= 40; count++) {
      for (const featureFirst of [true, false])
        for (const width of ['md', 'lg'] as const) {
          const columns = width === 'lg' ? 6 : 2
          for (const row of rows(count, width, featureFirst)) {
            // Every row is full, and a row of one card is one card across the whole row.
            expect(
              row.reduce((a, b) => a + b, 0),
              `${count} cards at ${width}`,
            ).toBe(columns)
          }
        }
    }
  })

  it('keeps three a row at 1024 px and fills the last rows in halves', () => {
    expect(rows(10, 'lg')).toEqual([[6], [2, 2, 2], [2, 2, 2], [2, 2, 2]])
    expect(rows(9, 'lg')).toEqual([[6], [2, 2, 2], [2, 2, 2], [3, 3]])
    expect(rows(8, 'lg')).toEqual([[6], [2, 2, 2], [3, 3], [3, 3]])
    expect(rows(2, 'lg')).toEqual([[6], [6]])
    expect(rows(8, 'md')).toEqual([[2], [1, 1], [1, 1], [1, 1], [2]])
  })
})
