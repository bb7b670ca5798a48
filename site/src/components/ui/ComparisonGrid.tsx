import { MoveHorizontal } from 'lucide-react'
import type { ReactNode } from 'react'

export interface ComparisonGridRow {
  header: string
  cells: ReactNode[]
}

interface ComparisonGridProps {
  /** id of the heading that names the table (the scroll region and the table share it). */
  labelledBy: string
  /** Header of the first column, then one per data column. */
  columns: string[]
  rows: ComparisonGridRow[]
  /** Data column (0-based) tinted as ours. */
  highlight?: number
  /** Below this width the table scrolls sideways instead of squeezing (a Tailwind class). */
  minWidthClass: string
  className?: string
  /** The tone of the section around it (the hint above the table follows it). */
  tone?: 'light' | 'dark'
}

/** Every cell's padding; the first column's cells stay put below 768 px while the others scroll under them. */
const cell = 'px-3 py-3 sm:px-5 sm:py-4'
const rowHeader = `${cell} sticky left-0 z-10 bg-white text-ink-900 shadow-[1px_0_0_var(--color-ink-200)] md:static md:shadow-none`

/**
 * Every comparison table of the site: a keyboard-scrollable region, row headers, one highlighted column.
 * On a narrow screen the row headers stay put while the other columns scroll under a fading edge, and a
 * line above the table says how many columns there are, so no column is ever lost off the edge.
 */
export function ComparisonGrid({
  labelledBy,
  columns,
  rows,
  highlight,
  minWidthClass,
  className = 'mt-6',
  tone = 'light',
}: ComparisonGridProps) {
  const [first, ...dataColumns] = columns
  const tint = (i: number) => i === highlight
  return (
    <div className={`comparison min-w-0 ${className}`}>
      <p
        aria-hidden="true"
        className={`mb-3 flex items-center gap-2 text-sm font-medium md:hidden ${tone === 'dark' ? 'text-ink-300' : 'text-ink-600'}`}
      >
        <MoveHorizontal className={`size-4 ${tone === 'dark' ? 'text-brand-300' : 'text-brand-600'}`} />
        Swipe the table to see {dataColumns.length === 2 ? 'both' : `all ${dataColumns.length}`} columns
      </p>
      <div className="relative overflow-hidden rounded-card bg-white shadow-card ring-1 ring-ink-200">
        <div
          role="region"
          aria-labelledby={labelledBy}
          tabIndex={0}
          className="comparison-scroller overflow-x-auto overscroll-x-contain rounded-2xl"
        >
          <table className={`w-full ${minWidthClass} text-left text-sm`}>
            <thead>
              <tr className="border-b border-ink-200">
                <th scope="col" className={`${rowHeader} w-28 font-semibold sm:w-auto`}>
                  {first}
                </th>
                {dataColumns.map((name, i) => (
                  <th
                    key={name}
                    scope="col"
                    className={`${cell} font-semibold ${tint(i) ? 'bg-brand-50 text-brand-800' : 'text-ink-900'}`}
                  >
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-100">
              {rows.map((row) => (
                <tr key={row.header}>
                  <th scope="row" className={`${rowHeader} font-medium`}>
                    {row.header}
                  </th>
                  {row.cells.map((content, i) => (
                    <td
                      key={i}
                      className={`${cell} ${tint(i) ? 'bg-brand-50/60 font-medium text-ink-900' : 'text-ink-600'}`}
                    >
                      {content}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div
          aria-hidden="true"
          className="comparison-fade pointer-events-none absolute inset-y-0 right-0 w-12 bg-gradient-to-l from-white to-transparent md:hidden"
        />
      </div>
    </div>
  )
}
