import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import type { InsightsReport } from '../../schemas/insights.ts'
import { countOf } from '../../lib/plural.ts'

const height = 200
const pad = { top: 12, right: 12, bottom: 28, left: 40 }
/** Room one day label needs ("30 Nov" at 11 px), so labels never crowd. */
const labelRoom = 56

/** A round top for the axis: 1, 2 or 5 times a power of ten, at least the largest value. */
export function niceMax(value: number): number {
  if (value <= 4) return 4
  const power = 10 ** Math.floor(Math.log10(value))
  return ([1, 2, 5, 10].find((m) => m * power >= value) ?? 10) * power
}

/** Every how many days a label goes under the axis, so that at most one per `labelRoom` px is drawn. */
export function labelStep(days: number, plotWidth: number): number {
  const fits = Math.max(2, Math.floor(plotWidth / labelRoom))
  return Math.max(1, Math.ceil(days / fits))
}

const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  })

const dayText = (d: InsightsReport['series'][number]) =>
  `${shortDay(d.day)}: ${countOf(d.views, 'view')}, ${countOf(d.visitors, 'visitor')}`

/** The width the chart has, in CSS pixels (its text is drawn at that scale, so 11 px stays 11 px). */
function useWidth<T extends Element>() {
  const ref = useRef<T | null>(null)
  const [width, setWidth] = useState(720)
  useEffect(() => {
    const el = ref.current
    if (!el) return
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(240, Math.round(entry.contentRect.width)))
    })
    observer.observe(el)
    return () => observer.disconnect()
  }, [])
  return [ref, width] as const
}

/**
 * Views (bars) and unique visitors (a line) per day, drawn as SVG in code at the size it is shown: labels
 * at 11 px, fewer of them on a narrow screen. A day's numbers show above the chart under the pointer, and
 * from the keyboard (focus the chart, then the arrow keys, Home and End); screen readers hear them too.
 */
export function InsightsChart({ series }: { series: InsightsReport['series'] }) {
  const [box, width] = useWidth<HTMLDivElement>()
  const [active, setActive] = useState<number | null>(null)
  const top = niceMax(Math.max(0, ...series.map((d) => d.views)))
  const plotW = width - pad.left - pad.right
  const plotH = height - pad.top - pad.bottom
  const step = plotW / Math.max(series.length, 1)
  const y = (v: number) => pad.top + plotH - (v / top) * plotH
  const x = (i: number) => pad.left + step * i + step / 2
  const line = series.map((d, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(d.visitors).toFixed(1)}`)
  const every = labelStep(series.length, plotW)
  const views = series.reduce((n, d) => n + d.views, 0)
  const visitors = series.reduce((n, d) => n + d.visitors, 0)
  const shown = active !== null ? series[active] : undefined

  const onPointer = (event: PointerEvent<SVGSVGElement>) => {
    const rect = event.currentTarget.getBoundingClientRect()
    const i = Math.floor((event.clientX - rect.left - pad.left) / step)
    setActive(i >= 0 && i < series.length ? i : null)
  }
  const onKey = (event: KeyboardEvent<SVGSVGElement>) => {
    const last = series.length - 1
    const moves: Record<string, (i: number) => number> = {
      ArrowLeft: (i) => Math.max(0, i - 1),
      ArrowRight: (i) => Math.min(last, i + 1),
      Home: () => 0,
      End: () => last,
    }
    const move = moves[event.key]
    if (!move || last < 0) return
    event.preventDefault()
    setActive((i) => move(i ?? last))
  }

  return (
    <figure className="space-y-2" data-testid="insights-chart">
      <p className="min-h-5 text-sm text-slate-700 tabular-nums" aria-live="polite">
        {shown
          ? dayText(shown)
          : `${countOf(views, 'view')}, ${countOf(visitors, 'visitor')} in ${series.length} days`}
      </p>
      <div ref={box}>
        <svg
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          className="block max-w-full rounded focus-visible:outline-2 focus-visible:outline-indigo-600"
          role="img"
          tabIndex={0}
          aria-label={`Views and unique visitors per day over ${series.length} days: ${views} views, ${visitors} visitors. Use the arrow keys to read each day.`}
          onPointerMove={onPointer}
          onPointerLeave={() => setActive(null)}
          onFocus={() => setActive((i) => i ?? series.length - 1)}
          onBlur={() => setActive(null)}
          onKeyDown={onKey}
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
              <text
                x={pad.left - 6}
                y={y(top * f) + 4}
                textAnchor="end"
                className="fill-slate-600 text-[11px]"
              >
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
              className={i === active ? 'fill-indigo-500' : 'fill-indigo-300'}
            >
              <title>{dayText(d)}</title>
            </rect>
          ))}
          {series.length > 0 && (
            <path d={line.join(' ')} fill="none" strokeWidth={2} className="stroke-indigo-700" />
          )}
          {shown && active !== null && (
            <line
              x1={x(active)}
              x2={x(active)}
              y1={pad.top}
              y2={pad.top + plotH}
              className="stroke-slate-400"
              strokeDasharray="3 3"
            />
          )}
          {series.map((d, i) =>
            // Counted from the last day, so the most recent day is always labelled.
            (series.length - 1 - i) % every === 0 ? (
              <text
                key={d.day}
                // The last day's label ends at the plot's edge instead of running past it.
                x={i === series.length - 1 ? Math.min(x(i) + 16, width - 2) : x(i)}
                y={height - 8}
                textAnchor={i === series.length - 1 ? 'end' : 'middle'}
                className="fill-slate-600 text-[11px]"
              >
                {shortDay(d.day)}
              </text>
            ) : null,
          )}
        </svg>
      </div>
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
