import { Fragment, useId } from 'react'

export interface RankedRow {
  key: string
  /** The row's name (a post's title, a page, a host), on one line. */
  label: string
  /** A second line under it (a post's path, a campaign's source). */
  sub?: string
  values: number[]
}

/** Text that may break only after a dot, slash, hyphen or space: a host or a path never splits mid-word. */
function Breakable({ text }: { text: string }) {
  const parts = text.split(/(?<=[./-])/)
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 && <wbr />}
        </Fragment>
      ))}
    </>
  )
}

/**
 * A name on one line, cut with an ellipsis when long: its full text on hover (a title), and on focus the
 * line opens to show all of it. Screen readers read it whole either way.
 */
function OneLine({ text, className }: { text: string; className?: string }) {
  return (
    <span
      tabIndex={0}
      title={text}
      className={`block truncate rounded-sm focus:break-normal focus:whitespace-normal focus-visible:outline-2 focus-visible:outline-indigo-600 ${className ?? ''}`}
    >
      <Breakable text={text} />
    </span>
  )
}

/** The names of a ranked table's columns: the first over the names, the rest over the counts (right-aligned). */
function ColumnHeads({ columns: [first, ...counts] }: { columns: string[] }) {
  return (
    <thead className="text-left text-slate-500">
      <tr>
        <th scope="col" className="py-1 pr-2 font-medium">
          {first}
        </th>
        {counts.map((c) => (
          <th key={c} scope="col" className="w-20 py-1 pl-2 text-right font-medium whitespace-nowrap">
            {c}
          </th>
        ))}
      </tr>
    </thead>
  )
}

/** One "top …" list of Insights: a titled table, the first column named on one line, counts right-aligned. */
export function RankedTable({
  title,
  columns,
  rows,
  empty,
  className,
}: {
  className?: string
  title: string
  columns: string[]
  rows: RankedRow[]
  empty: string
}) {
  const id = useId()
  return (
    <section
      aria-labelledby={id}
      className={`min-w-0 rounded-lg border border-slate-200 bg-white p-4 ${className ?? ''}`}
    >
      <h3 id={id} className="mb-2 text-base font-semibold text-slate-900">
        {title}
      </h3>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">{empty}</p>
      ) : (
        <table className="w-full table-fixed text-sm">
          <ColumnHeads columns={columns} />
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.key} data-testid="ranked-row">
                {/* The name heads its row: a screen reader says it before each count. */}
                <th scope="row" className="py-1.5 pr-2 text-left font-normal text-slate-800">
                  <OneLine text={row.label} className={row.sub ? 'font-medium' : undefined} />
                  {row.sub && <OneLine text={row.sub} className="text-xs text-slate-500" />}
                </th>
                {row.values.map((v, i) => (
                  <td key={i} className="py-1.5 pl-2 text-right align-top tabular-nums text-slate-700">
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
