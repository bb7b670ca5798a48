import { ChevronDown } from 'lucide-react'
import { useId, useState } from 'react'
import { brand } from '@shared/config/brand.ts'
import { ComparisonGrid } from '@site/components/ui/ComparisonGrid.tsx'
import { Collapsible } from '@site/components/ui/Collapsible.tsx'
import { Mark } from '@site/components/ui/Mark.tsx'
import { Section } from '@site/components/ui/Section.tsx'
import { SectionHeading } from '@site/components/ui/SectionHeading.tsx'
import { comparisonAlternatives, comparisonRows } from '@site/content/comparison.ts'
import { HighlightCarousel } from './HighlightCarousel.tsx'

const differences = [
  {
    title: 'AI plus human judgement',
    text: 'AI-assisted sourcing searches over 10 million profiles; domain experts run the first round, so you only meet the top 1%.',
  },
  {
    title: 'Built to be handed over',
    text: 'From the first contract, the legal entity, devices and assets are set up to transfer to you. Ownership is the plan, not an exit fee.',
  },
  {
    title: 'Retention is part of the service',
    text: 'Dedicated HR business partners, surveys, NPS, grievance handling and growth plans keep the people you worked hard to hire.',
  },
  {
    title: 'Start small, scale fast',
    text: 'Start with 1 employee and scale to a full centre. At 20 to 30 employees we help you set up your own subsidiary.',
  },
]

/** The "why different" collapsible block. */
function WhyDifferent() {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  return (
    <div className="mt-stack rounded-card bg-white text-ink-900 shadow-card">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
          className="flex w-full items-center justify-between gap-4 rounded-2xl px-6 py-5 text-left text-lg font-semibold text-ink-900"
        >
          Why Is {brand.name} Different?
          <ChevronDown
            aria-hidden="true"
            className={`size-5 shrink-0 text-ink-500 transition-transform duration-300 motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </h3>
      <Collapsible id={panelId} open={open} className="border-t border-ink-100 px-6 py-6">
        <dl className="grid gap-6 sm:grid-cols-2">
          {differences.map((d) => (
            <div key={d.title}>
              <dt className="font-semibold text-ink-900">{d.title}</dt>
              <dd className="mt-1 text-sm leading-6 text-ink-600">{d.text}</dd>
            </div>
          ))}
        </dl>
      </Collapsible>
    </div>
  )
}

/**
 * Advantage, on the night tone: highlight cards (carousel on small screens), the page's one comparison (against
 * the traditional options: agencies, outsourcers, HR consultants) and why different.
 */
export function AdvantageSection() {
  return (
    <Section tone="dark" labelledBy="advantage-title" className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-[32rem] bg-[radial-gradient(40rem_20rem_at_85%_0%,rgba(99,102,241,0.35),transparent)]"
      />
      <SectionHeading
        id="advantage-title"
        align="left"
        tone="dark"
        eyebrow={`The ${brand.name} advantage`}
        title="Faster Than Building Alone, and Still Yours"
        lead="You get the speed of a partner and the ownership of doing it yourself, without the setup risk."
      />
      <div className="mt-stack">
        <HighlightCarousel />
      </div>
      <div className="mt-stack grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] lg:items-end lg:gap-8">
        <h3 id="comparison-title" className="text-2xl font-semibold tracking-tight text-white">
          How {brand.name} Compares
        </h3>
        <p className="text-ink-300 lg:pb-1">
          Agencies find people, outsourcers rent them, consultants advise. We build a team that is yours.
        </p>
      </div>
      <ComparisonGrid
        labelledBy="comparison-title"
        columns={['Factor', brand.name, ...comparisonAlternatives]}
        highlight={0}
        minWidthClass="min-w-[720px]"
        tone="dark"
        rows={comparisonRows.map((row) => ({
          header: row.factor,
          cells: row.cells.map((cell) => (
            <span className="flex items-start gap-2">
              <Mark mark={cell.mark} />
              <span>{cell.text}</span>
            </span>
          )),
        }))}
      />
      <WhyDifferent />
    </Section>
  )
}
