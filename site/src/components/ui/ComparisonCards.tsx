import type { ComparisonGridRow } from './ComparisonGrid.tsx'

/**
 * A comparison as one card per option (its name, then every row): for two options on a phone, which fit
 * side by side nowhere there but read well one after the other. Same columns and rows as `ComparisonGrid`.
 */
export function ComparisonCards({
  columns,
  rows,
  highlight,
  className = '',
}: {
  columns: string[]
  rows: ComparisonGridRow[]
  highlight?: number
  className?: string
}) {
  return (
    <ul data-testid="comparison-cards" className={`grid gap-4 ${className}`}>
      {columns.slice(1).map((name, i) => (
        <li
          key={name}
          className={`rounded-card p-5 shadow-card ring-1 ${i === highlight ? 'bg-brand-50 ring-brand-200' : 'bg-white ring-ink-200'}`}
        >
          <h3 className={`font-semibold ${i === highlight ? 'text-brand-800' : 'text-ink-900'}`}>{name}</h3>
          <dl className="mt-3 divide-y divide-ink-200/70 text-sm">
            {rows.map((row) => (
              <div key={row.header} className="py-2.5">
                <dt className="text-xs font-medium text-ink-600">{row.header}</dt>
                <dd className="mt-0.5 text-ink-900">{row.cells[i]}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  )
}
