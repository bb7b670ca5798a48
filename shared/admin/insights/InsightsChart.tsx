import type { InsightsReport } from '../../schemas/insights.ts'

const width = 720
const height = 200
const pad = { top: 12, right: 12, bottom: 28, left: 40 }

/** A round top for the axis: 1, 2 or 5 times a power of ten, at least the largest value. */
export function niceMax(value: number): number {
  if (value <= 4) return 4
  const power = 10 ** Math.floor(Math.log10(value))
  return ([1, 2, 5, 10].find((m) => m * power >= value) ?? 10) * power
}

const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  })

/**
 * Views (bars) and unique visitors (a line) per day, drawn as SVG in code: no chart library, scales with
 * its box. Described for screen readers by its totals; the numbers themselves are in the CSV export.
 */
export function InsightsChart({ series }: { series: InsightsReport['series'] }) {
  const top = niceMax(Math.max(0, ...series.map((d) => d.views)))
  const plotW = width - pad.left - pad.right
  const plotH = height - pad.top - pad.bottom
  const step = plotW / Math.max(series.length, 1)
  const y = (v: number) => pad.top + plotH - (v / top) * plotH
  const x = (i: number) => pad.left + step * i + step / 2
  const line = series.map((d, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(d.visitors).toFixed(1)}`)
  const labelEvery = Math.ceil(series.length / 7)
  const views = series.reduce((n, d) => n + d.views, 0)
  const visitors = series.reduce((n, d) => n + d.visitors, 0)
  return (
    <figure className="space-y-2">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="h-auto w-full"
        role="img"
        aria-label={`Views and unique visitors per day over ${series.length} days: ${views} views, ${visitors} visitors.`}
      >
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line
              x1={pad.left}
              x2={width - pad.right}
              y1={y(top * f)}
              y2={y(top * f)}
              className="stroke-slate-200"
            />
            <text x={pad.left - 6} y={y(top * f) + 4} textAnchor="end" className="fill-slate-500 text-[11px]">
              {Math.round(top * f)}
            </text>
          </g>
        ))}
        {series.map((d, i) => (
          <rect
            key={d.day}
            x={x(i) - Math.max(step * 0.35, 0.5)}
            width={Math.max(step * 0.7, 1)}
            y={y(d.views)}
            height={pad.top + plotH - y(d.views)}
            rx={Math.min(2, step * 0.2)}
            className="fill-indigo-300"
          >
            <title>{`${shortDay(d.day)}: ${d.views} views, ${d.visitors} visitors`}</title>
          </rect>
        ))}
        {series.length > 0 && (
          <path d={line.join(' ')} fill="none" strokeWidth={2} className="stroke-indigo-700" />
        )}
        {series.map((d, i) =>
          i % labelEvery === 0 ? (
            <text
              key={d.day}
              x={x(i)}
              y={height - 8}
              textAnchor="middle"
              className="fill-slate-500 text-[11px]"
            >
              {shortDay(d.day)}
            </text>
          ) : null,
        )}
      </svg>
      <figcaption className="flex gap-4 text-sm text-slate-600">
        <span className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-indigo-300" /> Views
        </span>
        <span className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block h-0.5 w-4 bg-indigo-700" /> Unique visitors
        </span>
      </figcaption>
    </figure>
  )
}
