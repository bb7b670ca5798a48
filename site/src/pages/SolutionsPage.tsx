import {
  ArrowRight,
  Award,
  Building2,
  CircleCheck,
  Handshake,
  Headset,
  Layers,
  Repeat,
  Rocket,
  Sparkles,
  Timer,
  Users,
} from 'lucide-react'
import { ButtonLink } from '@site/components/ui/ButtonLink.tsx'
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
import { ModelsDiagram } from '@site/features/solutions/ModelsDiagram.tsx'

const talentBotIcons = [Building2, Handshake, Headset, Award]
const sharedIcons = [Users, Layers, Building2, Repeat, Sparkles, Timer]

function CardGrid({
  cards,
  icons,
  columns,
}: {
  cards: SolutionCard[]
  icons: (typeof Building2)[]
  columns: string
}) {
  return (
    <div className={`mt-10 grid gap-6 sm:grid-cols-2 ${columns}`}>
      {cards.map((card, i) => {
        const Icon = icons[i % icons.length]
        return (
          <article key={card.title} className="rounded-card bg-white p-6 shadow-card ring-1 ring-ink-200">
            <span className="inline-flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <h3 className="mt-4 font-semibold text-ink-900">{card.title}</h3>
            <p className="mt-2 text-sm leading-6 text-ink-600">{card.description}</p>
          </article>
        )
      })}
    </div>
  )
}

export function Component() {
  return (
    <>
      <PageHero
        eyebrow="Solutions"
        title="Our GCC Solutions"
        lead="Two ways to build your global capability centre in India: a company that is yours alone, or a shared setup that gets you started fast."
        media={<ModelsDiagram />}
      />

      <section id="talent-bot" aria-labelledby="talent-bot-title" className="bg-white py-section">
        <div className="mx-auto max-w-7xl px-6 lg:px-8">
          <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Premium Solution</p>
          <div className="mt-2 flex flex-wrap items-center gap-4">
            <h2 id="talent-bot-title" className="text-title font-bold tracking-tight text-ink-900">
              TALENT BOT Model
            </h2>
            <span className="inline-flex items-center gap-1.5 rounded-full bg-gradient-to-r from-brand-600 to-violet-600 px-3 py-1 text-xs font-semibold text-white">
              <Rocket aria-hidden="true" className="size-3.5" />
              Premium Solution for Enterprise Growth
            </span>
          </div>
          <p className="mt-4 max-w-3xl text-lg leading-8 text-ink-600">
            Build, operate, transfer: we create a company only for you, staff it with a dedicated HR business
            partner and talent acquisition team, onboard your talent in under 2 weeks, and give you the option
            to acquire the whole company later.
          </p>
          <CardGrid cards={talentBotCards} icons={talentBotIcons} columns="lg:grid-cols-4" />
          <div className="mt-10">
            <ButtonLink to="/get-started" size="lg">
              Request More Information <ArrowRight aria-hidden="true" className="size-4" />
            </ButtonLink>
          </div>
        </div>
      </section>

      <section id="shared-gcc" aria-labelledby="shared-gcc-title" className="bg-ink-50 py-section">
        <div className="mx-auto max-w-7xl px-6 lg:px-8">
          <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Efficient Solution</p>
          <h2 id="shared-gcc-title" className="mt-2 text-title font-bold tracking-tight text-ink-900">
            Shared GCC Model
          </h2>
          <p className="mt-4 max-w-3xl text-lg leading-8 text-ink-600">
            Share an employer of record, HR, talent acquisition and project management staff and a common
            workspace with other clients, with the same quality and speed of hiring and an onboarding SLA of
            under 4 weeks.
          </p>
          <CardGrid cards={sharedGccCards} icons={sharedIcons} columns="lg:grid-cols-3" />
          <div className="mt-10">
            <ButtonLink to="/get-started" size="lg">
              Request More Information <ArrowRight aria-hidden="true" className="size-4" />
            </ButtonLink>
          </div>
        </div>
      </section>

      <section aria-labelledby="choose-title" className="bg-white py-section">
        <div className="mx-auto max-w-5xl px-6 lg:px-8">
          <SectionHeading id="choose-title" title="Choose the Right Model for Your Business" />
          <ComparisonGrid
            labelledBy="choose-title"
            columns={['Feature', 'TALENT BOT Model', 'Shared GCC Model']}
            highlight={0}
            minWidthClass="min-w-[560px]"
            className="mt-10"
            rows={modelComparison.map((row) => ({
              header: row.feature,
              cells: [row.talentBot, row.sharedGcc],
            }))}
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
        title="Not sure which model fits?"
        text="Tell us about your plans and we'll recommend a model within 24 hours."
      />
    </>
  )
}
