import { ArrowRight, ChevronDown, Handshake, KeyRound, LayoutDashboard, UserSearch } from 'lucide-react'
import { useId, useState } from 'react'
import { ButtonLink } from '@site/components/ui/ButtonLink.tsx'
import { Collapsible } from '@site/components/ui/Collapsible.tsx'
import { Section } from '@site/components/ui/Section.tsx'
import { SectionHeading } from '@site/components/ui/SectionHeading.tsx'
import { accentClasses } from '@site/components/ui/accents.ts'
import { offerings } from '@site/content/offerings.ts'
import type { Offering } from '@site/content/types.ts'

const icons = [UserSearch, LayoutDashboard, Handshake, KeyRound]

function OfferingCard({ offering, index }: { offering: Offering; index: number }) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const accent = accentClasses[offering.color]
  const Icon = icons[index % icons.length]
  return (
    <article className="flex w-[85%] shrink-0 snap-start flex-col rounded-card sm:w-auto bg-white p-6 shadow-card ring-1 ring-ink-200 transition-shadow hover:shadow-md">
      <span className={`inline-flex size-11 items-center justify-center rounded-xl ${accent.icon}`}>
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <h3 className="mt-5 text-lg font-semibold text-ink-900">{offering.title}</h3>
      <p className="mt-2 text-sm leading-6 text-ink-600">{offering.description}</p>
      <ul className="mt-4 space-y-3">
        {offering.features.map((feature) => (
          <li key={feature.title} className="text-sm">
            <span className="font-medium text-ink-900">{feature.title}.</span>{' '}
            <span className="text-ink-600">{feature.description}</span>
          </li>
        ))}
      </ul>
      <div className="mt-auto pt-5">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
          className={`inline-flex items-center gap-1 rounded-md text-sm font-semibold ${accent.text}`}
        >
          Learn more
          <span className="sr-only"> about {offering.title}</span>
          <ChevronDown
            aria-hidden="true"
            className={`size-4 transition-transform duration-300 motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
          />
        </button>
        <Collapsible id={panelId} open={open} className="pt-3">
          <p className={`rounded-lg p-4 text-sm leading-6 text-ink-700 ${accent.soft}`}>{offering.details}</p>
        </Collapsible>
      </div>
    </article>
  )
}

/** Four offering cards, each with a Learn more expander, beside the section heading and Explore All Services. */
export function ServicesGrid() {
  return (
    <Section labelledBy="services-title">
      <div className="grid grid-cols-1 gap-12 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] lg:gap-16">
        <div className="lg:sticky lg:top-28 lg:self-start">
          <SectionHeading
            id="services-title"
            align="left"
            eyebrow="Services"
            title="Everything your centre needs, end to end"
            lead="Four services that cover the whole journey, from the first hire to owning the company."
          />
          <ButtonLink to="/solutions" variant="secondary" size="lg" className="mt-8">
            Explore All Services <ArrowRight aria-hidden="true" className="size-4" />
          </ButtonLink>
        </div>
        {/* On a phone the four cards are a row to swipe through (the next one peeks in), not a 2,500 px column.
            Positioned, so the visually hidden text in the cards is clipped with them instead of widening the page. */}
        <div className="relative -mx-6 flex snap-x snap-mandatory scroll-px-6 gap-4 overflow-x-auto px-6 pb-2 sm:mx-0 sm:grid sm:grid-cols-2 sm:gap-6 sm:overflow-visible sm:px-0 sm:pb-0">
          {offerings.map((offering, i) => (
            <OfferingCard key={offering.title} offering={offering} index={i} />
          ))}
        </div>
      </div>
    </Section>
  )
}
