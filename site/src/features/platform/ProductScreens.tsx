import { BadgeCheck, CalendarClock, MapPin, Search, TrendingUp, Wallet } from 'lucide-react'
import {
  centreDashboard,
  interviewWeek,
  peopleOps,
  talentSearch,
  screenDescriptions,
  teamPulse,
} from '@site/content/platform-screens.ts'
import { Pill } from '@site/components/ui/Pill.tsx'
import type { ReactNode } from 'react'
import { ScreenFrame, type ScreenProps } from './ScreenFrame.tsx'

const toneClasses = {
  brand: 'bg-brand-50 text-brand-800 ring-brand-200',
  violet: 'bg-violet-50 text-violet-800 ring-violet-200',
  emerald: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  saffron: 'bg-saffron-100 text-saffron-700 ring-saffron-400/40',
} as const

/** A person's initials on a gradient disc; each row of a list gets the next hue. */
function Avatar({ initials, row }: { initials: string; row: number }) {
  const hue = 260 + row * 40
  return (
    <span
      className="flex size-9 shrink-0 items-center justify-center rounded-full text-xs font-semibold text-white"
      style={{ background: `linear-gradient(135deg, oklch(62% 0.17 ${hue}), oklch(48% 0.2 ${hue + 30}))` }}
    >
      {initials}
    </span>
  )
}

interface Person {
  initials: string
  name: ReactNode
  /** The line under the name. */
  line: string
  /** What stands at the right of the row. */
  end: ReactNode
}

/** People in a list on a screen: each with their initials, name and one line under it, `end` at the right. */
function PersonList({
  people,
  className,
  itemClassName,
}: {
  people: Person[]
  className: string
  itemClassName: string
}) {
  return (
    <ul className={className}>
      {people.map((person, i) => (
        <li key={i} className={`flex items-center gap-3 ${itemClassName}`}>
          <Avatar initials={person.initials} row={i} />
          <div className="min-w-0 flex-1">
            <p className="text-xs font-semibold">{person.name}</p>
            <p className="text-[11px] text-ink-500">{person.line}</p>
          </div>
          {person.end}
        </li>
      ))}
    </ul>
  )
}

/** A figure on a tile, its label above; a dashboard figure is larger and has a note under it. */
function Tile({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-lg bg-ink-50 p-2.5 ring-1 ring-ink-100">
      <p className={`${note ? 'text-[11px]' : 'text-[10px]'} text-ink-500`}>{label}</p>
      <p className={`mt-0.5 ${note ? 'text-lg tracking-tight' : 'text-xs'} font-semibold`}>{value}</p>
      {note && <p className="text-[10px] text-ink-500">{note}</p>}
    </div>
  )
}

/** Talent search: a query over the candidate database with ranked, screened results. */
export function TalentSearchScreen(props: ScreenProps) {
  return (
    <ScreenFrame {...props} title="Talent search" description={screenDescriptions.talentSearch}>
      <div className="flex items-center gap-2 rounded-lg bg-ink-50 px-3 py-2 text-sm ring-1 ring-ink-200">
        <Search className="size-4 text-ink-500" />
        <span className="truncate">{talentSearch.query}</span>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-1.5">
        {talentSearch.filters.map((f) => (
          <Pill key={f}>{f}</Pill>
        ))}
        <span className="ml-auto text-[11px] text-ink-500">{talentSearch.total}</span>
      </div>
      <ul className="mt-4 divide-y divide-ink-100">
        {talentSearch.results.map((c, i) => (
          <li key={c.name} className="flex items-center gap-3 py-3">
            <Avatar initials={c.initials} row={i} />
            <div className="min-w-0 flex-1">
              <p className="flex items-center gap-1.5 text-sm font-semibold">
                {c.name}
                {c.screened && <BadgeCheck className="size-4 text-brand-600" />}
              </p>
              <p className="truncate text-xs text-ink-500">
                {c.role} · {c.years} yrs · <MapPin className="inline size-3 align-[-1px]" /> {c.city}
              </p>
              <p className="mt-1.5 flex gap-1">
                {c.skills.map((s) => (
                  <span
                    key={s}
                    className="rounded bg-ink-100 px-1.5 py-0.5 text-[10px] font-medium text-ink-700"
                  >
                    {s}
                  </span>
                ))}
              </p>
            </div>
            <div className="w-16 shrink-0 text-right">
              <p className="text-sm font-semibold text-brand-700">{c.match}%</p>
              <div className="mt-1 h-1.5 rounded-full bg-ink-100">
                <div className="h-full rounded-full bg-brand-600" style={{ width: `${c.match}%` }} />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </ScreenFrame>
  )
}

/** Interview scheduling: a week of interviews in the candidates' and the client's time zones. */
export function InterviewCalendarScreen(props: ScreenProps) {
  const rows = interviewWeek.hours.length
  return (
    <ScreenFrame {...props} title="Interviews this week" description={screenDescriptions.interviewCalendar}>
      <div className="flex items-center justify-between text-xs">
        <span className="flex items-center gap-1.5 font-semibold">
          <CalendarClock className="size-4 text-brand-600" /> Week 43
        </span>
        <span className="text-ink-500">{interviewWeek.zones}</span>
      </div>
      <div
        className="mt-3 grid gap-px overflow-hidden rounded-lg bg-ink-100 ring-1 ring-ink-100"
        style={{ gridTemplateColumns: `2.5rem repeat(${interviewWeek.days.length}, minmax(0, 1fr))` }}
      >
        <span className="bg-white" />
        {interviewWeek.days.map((d) => (
          <span key={d} className="bg-white py-1.5 text-center text-[11px] font-semibold text-ink-600">
            {d}
          </span>
        ))}
        {interviewWeek.hours.map((h, r) => (
          <div key={h} className="contents">
            <span className="bg-white pt-1 pr-1 text-right text-[10px] text-ink-500">{h}</span>
            {interviewWeek.days.map((d, day) => {
              const slot = interviewWeek.slots.find((s) => s.day === day && s.start === r)
              return (
                <div key={d} className="relative h-11 bg-white">
                  {slot && (
                    <div
                      className={`absolute inset-x-0.5 top-0.5 z-10 rounded-md px-1.5 py-1 text-[10px] leading-tight font-medium ring-1 ${toneClasses[slot.tone]}`}
                      style={{
                        height: `calc(${Math.min(slot.length, rows - r) * 100}% + ${(slot.length - 1) * 1}px - 4px)`,
                      }}
                    >
                      {slot.title}
                    </div>
                  )}
                </div>
              )
            })}
          </div>
        ))}
      </div>
    </ScreenFrame>
  )
}

/** The centre dashboard: headcount, time to hire, retention and eNPS, hires per month, people operations. */
export function CentreDashboardScreen(props: ScreenProps) {
  const max = Math.max(...centreDashboard.hires.map((h) => h.count))
  return (
    <ScreenFrame {...props} title={centreDashboard.centre} description={screenDescriptions.centreDashboard}>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {centreDashboard.kpis.map((k) => (
          <Tile key={k.label} {...k} />
        ))}
      </div>
      <div className="mt-3 grid gap-3 sm:grid-cols-[3fr_2fr]">
        <div className="rounded-lg p-3 ring-1 ring-ink-100">
          <p className="flex items-center justify-between text-xs font-semibold">
            Hires per month <TrendingUp className="size-4 text-emerald-600" />
          </p>
          <div className="mt-3 flex h-24 items-end gap-2">
            {centreDashboard.hires.map((h, i) => (
              <div key={h.month} className="flex flex-1 flex-col items-center gap-1">
                <div
                  className={`w-full rounded-t ${i === centreDashboard.hires.length - 1 ? 'bg-brand-600' : 'bg-brand-200'}`}
                  style={{ height: `${(h.count / max) * 72}px` }}
                />
                <span className="text-[10px] text-ink-500">{h.month}</span>
              </div>
            ))}
          </div>
        </div>
        <ul className="space-y-2 rounded-lg p-3 ring-1 ring-ink-100">
          {centreDashboard.people.map((p) => (
            <li key={p.item} className="flex items-center justify-between gap-2 text-[11px]">
              <span className="truncate text-ink-700">{p.item}</span>
              <span className={`shrink-0 rounded-full px-2 py-0.5 font-medium ring-1 ${toneClasses[p.tone]}`}>
                {p.status}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </ScreenFrame>
  )
}

/** Retention: the latest pulse survey and growth plans. */
export function TeamPulseScreen(props: ScreenProps) {
  return (
    <ScreenFrame {...props} title="Team pulse" description={screenDescriptions.teamPulse}>
      <p className="text-xs text-ink-500">{teamPulse.survey}</p>
      <ul className="mt-3 space-y-3">
        {teamPulse.scores.map((s) => (
          <li key={s.label}>
            <p className="flex justify-between text-xs">
              <span className="text-ink-700">{s.label}</span>
              <span className="font-semibold">{s.value}%</span>
            </p>
            <div className="mt-1 h-2 rounded-full bg-ink-100">
              <div
                className="h-full rounded-full bg-gradient-to-r from-brand-500 to-violet-500"
                style={{ width: `${s.value}%` }}
              />
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-5 text-xs font-semibold">Growth plans</p>
      <PersonList
        className="mt-2 space-y-2"
        itemClassName="rounded-lg bg-ink-50 p-2 ring-1 ring-ink-100"
        people={teamPulse.growth.map((g) => ({
          ...g,
          line: g.plan,
          end: <span className="text-xs font-semibold text-emerald-700">{g.progress}%</span>,
        }))}
      />
    </ScreenFrame>
  )
}

/** People operations: a payroll run with leave and onboarding, and the HR modules around it. */
export function PeopleOpsScreen(props: ScreenProps) {
  return (
    <ScreenFrame {...props} title="People operations" description={screenDescriptions.peopleOps}>
      <p className="flex items-center gap-1.5 text-xs font-semibold">
        <Wallet className="size-4 text-brand-600" /> {peopleOps.run}
      </p>
      <PersonList
        className="mt-3 divide-y divide-ink-100 rounded-lg ring-1 ring-ink-100"
        itemClassName="px-3 py-2.5"
        people={peopleOps.rows.map((r) => ({
          initials: r.initials,
          name: (
            <>
              {r.name} <span className="font-normal text-ink-500">· {r.team}</span>
            </>
          ),
          line: r.leave,
          end: (
            <span
              className={`rounded-full px-2 py-0.5 text-[11px] font-medium ring-1 ${r.status === 'Paid' ? toneClasses.emerald : toneClasses.brand}`}
            >
              {r.status}
            </span>
          ),
        }))}
      />
      <div className="mt-3 grid grid-cols-3 gap-2">
        {peopleOps.modules.map((m) => (
          <Tile key={m.label} {...m} />
        ))}
      </div>
    </ScreenFrame>
  )
}
