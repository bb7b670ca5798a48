import { ChevronDown } from 'lucide-react'
import { useId, useState } from 'react'
import { brand } from '@shared/config/brand.ts'
import { ComparisonGrid } from '@site/components/ui/ComparisonGrid.tsx'
import { Collapsible } from '@site/components/ui/Collapsible.tsx'
import { SectionHeading } from '@site/components/ui/SectionHeading.tsx'
import { traditionalComparison } from '@site/content/comparison.ts'
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
    <div className="mt-12 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
          className="flex w-full items-center justify-between gap-4 rounded-2xl px-6 py-5 text-left text-lg font-semibold text-slate-900"
        >
          Why is {brand.name} different?
          <ChevronDown
            aria-hidden="true"
            className={`size-5 shrink-0 text-slate-500 transition-transform duration-300 motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </h3>
      <Collapsible id={panelId} open={open} className="border-t border-slate-100 px-6 py-6">
        <dl className="grid gap-6 sm:grid-cols-2">
          {differences.map((d) => (
            <div key={d.title}>
              <dt className="font-semibold text-slate-900">{d.title}</dt>
              <dd className="mt-1 text-sm leading-6 text-slate-600">{d.text}</dd>
            </div>
          ))}
        </dl>
      </Collapsible>
    </div>
  )
}

/** Advantage: highlight cards (carousel on small screens), the table against traditional options, why different. */
export function AdvantageSection() {
  return (
    <section aria-labelledby="advantage-title" className="bg-slate-50 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-6 lg:px-8">
        <SectionHeading
          id="advantage-title"
          eyebrow={`The ${brand.name} advantage`}
          title="Faster than building alone, and still yours"
          lead="You get the speed of a partner and the ownership of doing it yourself, without the setup risk."
        />
        <div className="mt-14">
          <HighlightCarousel />
        </div>
        <div className="mt-16">
          <h3 id="traditional-title" className="text-center text-xl font-semibold text-slate-900">
            {brand.name} versus the traditional way
          </h3>
          <ComparisonGrid
            labelledBy="traditional-title"
            columns={['Factor', brand.name, 'Building on your own']}
            highlight={0}
            minWidthClass="min-w-[560px]"
            rows={traditionalComparison.map((row) => ({
              header: row.factor,
              cells: [row.meridian, row.traditional],
            }))}
          />
        </div>
        <WhyDifferent />
      </div>
    </section>
  )
}
