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
}

/** Every comparison table of the site: a keyboard-scrollable region, row headers, one highlighted column. */
export function ComparisonGrid({
  labelledBy,
  columns,
  rows,
  highlight,
  minWidthClass,
  className = 'mt-6',
}: ComparisonGridProps) {
  const [first, ...dataColumns] = columns
  const tint = (i: number) => i === highlight
  return (
    <div
      role="region"
      aria-labelledby={labelledBy}
      tabIndex={0}
      className={`relative ${className} overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200`}
    >
      <table className={`w-full ${minWidthClass} text-left text-sm`}>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="px-5 py-4 font-semibold text-slate-900">
              {first}
            </th>
            {dataColumns.map((name, i) => (
              <th
                key={name}
                scope="col"
                className={`px-5 py-4 font-semibold ${tint(i) ? 'bg-indigo-50 text-indigo-800' : 'text-slate-900'}`}
              >
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.header}>
              <th scope="row" className="px-5 py-4 font-medium text-slate-900">
                {row.header}
              </th>
              {row.cells.map((cell, i) => (
                <td
                  key={i}
                  className={`px-5 py-4 ${tint(i) ? 'bg-indigo-50/60 font-medium text-slate-900' : 'text-slate-600'}`}
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
