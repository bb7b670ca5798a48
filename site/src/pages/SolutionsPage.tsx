import { ArrowDown, ArrowRight, CircleCheck, Rocket } from 'lucide-react'
import type { ReactNode } from 'react'
import { ButtonLink, buttonClasses } from '@site/components/ui/ButtonLink.tsx'
import { ComparisonCards } from '@site/components/ui/ComparisonCards.tsx'
import { ComparisonGrid } from '@site/components/ui/ComparisonGrid.tsx'
import { PageHero } from '@site/components/ui/PageHero.tsx'
import { SectionHeading } from '@site/components/ui/SectionHeading.tsx'
import {
  modelComparison,
  sharedGccCards,
  talentBotCards,
  type SolutionCard,
} from '@site/content/solutions.ts'
import { CtaBand } from '@site/features/marketing/CtaBand.tsx'
import { SharedGccVisual, TalentBotVisual } from '@site/features/solutions/ModelVisuals.tsx'

/** A model's points (spec: its cards), as a list of short titled paragraphs rather than boxed icon cards. */
function ModelPoints({ cards, columns }: { cards: SolutionCard[]; columns: string }) {
  return (
    <ul className={`mt-stack grid gap-x-8 gap-y-6 sm:grid-cols-2 ${columns}`}>
      {cards.map((card) => (
        <li key={card.title} className="border-t border-ink-200 pt-4">
          <h3 className="flex items-center gap-2 font-semibold text-ink-900">
            <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
            {card.title}
          </h3>
          <p className="mt-1.5 text-sm leading-6 text-ink-600">{card.description}</p>
        </li>
      ))}
    </ul>
  )
}

/** One model: its label, title, the difference told as prose and its drawing beside it, then its points. */
function ModelSection({
  id,
  tone,
  label,
  title,
  badge,
  visual,
  visualFirst = false,
  children,
  cards,
  columns,
}: {
  id: string
  tone: string
  label: string
  title: string
  badge?: ReactNode
  visual: ReactNode
  visualFirst?: boolean
  children: ReactNode
  cards: SolutionCard[]
  columns: string
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`${tone} py-section`}>
      <div className="mx-auto max-w-7xl px-6 lg:px-8">
        <div className="grid items-center gap-10 lg:grid-cols-2 lg:gap-16">
          <div className={visualFirst ? 'lg:order-2' : ''}>
            <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">{label}</p>
            <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-3">
              <h2 id={`${id}-title`} className="text-title font-bold tracking-tight text-ink-900">
                {title}
              </h2>
              {badge}
            </div>
            <div className="mt-5 space-y-4 text-lg leading-8 text-pretty text-ink-600">{children}</div>
            <ButtonLink to="/get-started" size="lg" className="mt-8">
              Request More Information <ArrowRight aria-hidden="true" className="size-4" />
            </ButtonLink>
          </div>
          <div className={`min-w-0 ${visualFirst ? 'lg:order-1' : ''}`}>{visual}</div>
        </div>
        <ModelPoints cards={cards} columns={columns} />
      </div>
    </section>
  )
}

const modelTable = {
  columns: ['Feature', 'TALENT BOT Model', 'Shared GCC Model'],
  rows: modelComparison.map((row) => ({ header: row.feature, cells: [row.talentBot, row.sharedGcc] })),
}

const jumpLink = `${buttonClasses('secondary', 'lg')} bg-white/5! text-white! ring-white/20! hover:bg-white/10!`

export function Component() {
  return (
    <>
      <PageHero
        eyebrow="Solutions"
        title="Our GCC Solutions"
        lead="Two ways to build your global capability centre in India: a company that is yours alone, or a shared setup that gets you started fast."
      >
        <a href="#talent-bot" className={jumpLink}>
          TALENT BOT Model <ArrowDown aria-hidden="true" className="size-4" />
        </a>
        <a href="#shared-gcc" className={jumpLink}>
          Shared GCC Model <ArrowDown aria-hidden="true" className="size-4" />
        </a>
      </PageHero>

      <ModelSection
        id="talent-bot"
        tone="bg-white"
        label="Premium Solution"
        title="TALENT BOT Model"
        badge={
          <span className="inline-flex items-center gap-1.5 rounded-full bg-gradient-to-r from-brand-600 to-violet-600 px-3 py-1 text-xs font-semibold text-white">
            <Rocket aria-hidden="true" className="size-3.5" />
            Premium Solution for Enterprise Growth
          </span>
        }
        visual={<TalentBotVisual />}
        cards={talentBotCards}
        columns="lg:grid-cols-4"
      >
        <p>
          Build, operate, transfer: we create a company only for you, staff it with a dedicated HR business
          partner and talent acquisition team, onboard your talent in under 2 weeks, and give you the option
          to acquire the whole company later.
        </p>
        <p>
          Choose it when the centre is meant to be yours from the start: nobody else&rsquo;s engineers, your
          brand and culture, and a company you can buy outright when the time comes.
        </p>
      </ModelSection>

      <ModelSection
        id="shared-gcc"
        tone="bg-ink-50"
        label="Efficient Solution"
        title="Shared GCC Model"
        visual={<SharedGccVisual />}
        visualFirst
        cards={sharedGccCards}
        columns="lg:grid-cols-3"
      >
        <p>
          Share an employer of record, HR, talent acquisition and project management staff and a common
          workspace with other clients, with the same quality and speed of hiring and an onboarding SLA of
          under 4 weeks.
        </p>
        <p>
          Choose it to start without an entity of your own: the hiring is just as good, the setup is shared,
          and your employees can move to your own subsidiary whenever you are ready.
        </p>
      </ModelSection>

      <section aria-labelledby="choose-title" className="bg-white py-section">
        <div className="mx-auto max-w-5xl px-6 lg:px-8">
          <SectionHeading id="choose-title" title="Choose the Right Model for Your Business" />
          {/* Two options: on a phone one card each, from 768 px the table. */}
          <ComparisonCards {...modelTable} highlight={0} className="mt-10 md:hidden" />
          <ComparisonGrid
            labelledBy="choose-title"
            {...modelTable}
            highlight={0}
            minWidthClass="min-w-[560px]"
            className="mt-10 hidden md:block"
          />
          <ul className="mt-8 grid gap-3 text-sm text-ink-600 sm:grid-cols-2">
            <li className="flex gap-2">
              <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
              Both models: top 1% talent, AI-assisted sourcing, expert screening.
            </li>
            <li className="flex gap-2">
              <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
              Start with the Shared GCC model and move to your own subsidiary later.
            </li>
          </ul>
        </div>
      </section>

      <CtaBand
        title="Not Sure Which Model Fits?"
        text="Tell us about your plans and we'll recommend a model within 24 hours."
      />
    </>
  )
}
