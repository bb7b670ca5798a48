import { ChevronDown, Handshake } from 'lucide-react'
import { brand } from '@shared/config/brand.ts'
import { Collapsible } from '@site/components/ui/Collapsible.tsx'
import { IconTile } from '@site/components/ui/IconTile.tsx'
import { NumberedSteps } from '@site/components/ui/NumberedSteps.tsx'
import { Section } from '@site/components/ui/Section.tsx'
import { SectionHeading } from '@site/components/ui/SectionHeading.tsx'
import { island } from '@site/islands/wake.ts'
import { HighlightCarousel } from './HighlightCarousel.tsx'

const differences = [
  {
    title: 'AI plus human judgement',
    text: 'AI-assisted sourcing finds the candidates; domain experts run the first round, so you only meet the best of them.',
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

/**
 * The "why different" block (spec §1, §4: expandable, closed at first): not a lone bar but the section's
 * closing panel, its question with a line of what it holds, and the four differences when opened.
 */
function WhyDifferent() {
  const panelId = 'why-different-panel'
  return (
    <div
      className="mt-8 overflow-hidden rounded-card bg-ink-50 ring-1 ring-ink-200"
      {...island('expanders', 'interaction')}
    >
      {/* The whole row opens the block (the button's box covers it); the line under the question stays out
          of the heading, which is the question alone. */}
      <div className="relative flex items-center gap-4 px-6 py-5 sm:px-8">
        <IconTile
          icon={Handshake}
          className="hidden rounded-xl bg-saffron-400/20 text-saffron-700 sm:inline-flex"
        />
        <div className="min-w-0 flex-1">
          <h3 className="pr-12">
            <button
              type="button"
              aria-expanded={false}
              aria-controls={panelId}
              className="group text-left text-lg font-semibold text-ink-900 after:absolute after:inset-0 after:content-['']"
            >
              Why Is {brand.name} Different?
              <span className="absolute top-1/2 right-6 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-full bg-white ring-1 ring-ink-200 sm:right-8">
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 text-ink-600 transition-transform duration-300 group-aria-expanded:rotate-180 motion-reduce:transition-none"
                />
              </span>
            </button>
          </h3>
          <p className="mt-0.5 hidden pr-12 text-sm text-ink-600 sm:block">
            Four commitments, from the first search to the day the centre is yours
          </p>
        </div>
      </div>
      <Collapsible id={panelId} open={false} className="border-t border-ink-200 bg-white px-6 py-6 sm:px-8">
        <NumberedSteps items={differences} tone="light" className="grid gap-6 sm:grid-cols-2" />
      </Collapsible>
    </div>
  )
}

/**
 * What sets the service apart, as a section of its own on the light tone: the three highlight cards (a
 * looping carousel below 768 px, spec §1) and the expandable "why different" block closing it. On the night
 * tone they read as a row of look-alike icon cards and a lone bar under the comparison.
 */
export function DifferenceSection() {
  return (
    <Section id="why-different" labelledBy="difference-title">
      <SectionHeading id="difference-title" align="left" title="Three Promises from the First Hire" />
      <div className="mt-stack">
        <HighlightCarousel />
      </div>
      <WhyDifferent />
    </Section>
  )
}
