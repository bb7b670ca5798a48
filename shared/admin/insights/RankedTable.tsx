import { useId, type ReactNode } from 'react'

export interface RankedRow {
  key: string
  label: ReactNode
  values: number[]
}

/** One "top …" list of Insights: a titled table, the first column named, counts right-aligned. */
export function RankedTable({
  title,
  columns,
  rows,
  empty,
}: {
  title: string
  columns: string[]
  rows: RankedRow[]
  empty: string
}) {
  const [first, ...counts] = columns
  const id = useId()
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-4">
      <h3 id={id} className="mb-2 text-base font-semibold text-slate-900">
        {title}
      </h3>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">{empty}</p>
      ) : (
        <table className="w-full text-sm">
          <thead className="text-left text-slate-500">
            <tr>
              <th className="py-1 pr-2 font-medium">{first}</th>
              {counts.map((c) => (
                <th key={c} className="py-1 pl-2 text-right font-medium whitespace-nowrap">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.key}>
                <td className="max-w-0 py-1.5 pr-2 break-words text-slate-800">{row.label}</td>
                {row.values.map((v, i) => (
                  <td key={i} className="py-1.5 pl-2 text-right tabular-nums text-slate-700">
                    {v.toLocaleString('en-GB')}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
