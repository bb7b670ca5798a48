import { ArrowRight, HeartHandshake, KeyRound, Settings2, UserSearch } from 'lucide-react'
import { ButtonLink } from '@site/components/ui/ButtonLink.tsx'
import { CheckList } from '@site/components/ui/CheckList.tsx'
import { IconTile } from '@site/components/ui/IconTile.tsx'
import { Section } from '@site/components/ui/Section.tsx'
import { SectionHeading } from '@site/components/ui/SectionHeading.tsx'
import { frameworkParts } from '@site/content/framework.ts'
import { offerings } from '@site/content/offerings.ts'
import { processSteps } from '@site/content/process-steps.ts'
import { OfferingDetails } from './OfferingDetails.tsx'

const icons = [UserSearch, Settings2, HeartHandshake]
const rings = [
  'from-brand-50 ring-brand-200 text-brand-700',
  'from-violet-50 ring-violet-200 text-violet-700',
  'from-sky-50 ring-sky-200 text-sky-700',
]

/** When each step happens: the figures of spec §1 (team built in 4 to 6 weeks, subsidiary at 20 to 30 people). */
const phases: Record<string, string> = {
  hire: 'Weeks 1 to 6 · Build',
  manage: 'From day one · Run',
  retain: 'Every month · Keep',
}

const [ownTalent] = offerings.slice(3)

/**
 * The one framework of the home page, told once: the three circles (Acquire, Manage, Retain Talent; 300 px,
 * 260 px below 768 px, spec §9) are the three steps of How It Works, each with its four feature bullets and
 * its service behind "Learn more"; the fourth service, Own Talent, closes the row as the moment the centre
 * becomes the client's own. Services grid, framework and How It Works of spec §1, merged where they repeat.
 */
export function FrameworkSection() {
  return (
    <Section id="framework" labelledBy="framework-title">
      <SectionHeading
        id="framework-title"
        eyebrow="How It Works"
        title="One Partner for the Whole Life of Your Team"
        lead="Most providers stop at the hire. We run the full cycle, so your centre keeps its people and becomes yours."
      />
      <ol className="mt-stack grid gap-10 lg:grid-cols-3 lg:gap-8">
        {frameworkParts.map((part, i) => {
          const Icon = icons[i]
          const step = processSteps[i]
          return (
            <li
              key={part.title}
              className="relative grid justify-items-center gap-6 md:grid-cols-[300px_minmax(0,1fr)] md:items-center md:justify-items-stretch lg:grid-cols-1 lg:content-start lg:items-start lg:justify-items-center"
            >
              {i > 0 && (
                <span
                  aria-hidden="true"
                  className="absolute top-[150px] right-[calc(50%+150px)] hidden h-px w-[calc(50%-150px+2rem)] bg-gradient-to-r from-ink-200 to-ink-300 lg:block"
                />
              )}
              <div
                data-testid="framework-circle"
                className={`relative flex size-[260px] shrink-0 flex-col items-center justify-center rounded-full bg-gradient-to-b to-white p-8 text-center ring-1 md:size-[300px] ${rings[i]}`}
              >
                <span className="absolute top-5 text-xs font-semibold tracking-widest text-ink-500">
                  0{i + 1}
                </span>
                <Icon aria-hidden="true" className="size-9" />
                <h3 className="mt-4 text-xl font-semibold text-ink-900">
                  <span className="sr-only">Step {i + 1}: </span>
                  {part.title}
                </h3>
                <p className="mt-2 text-sm leading-6 text-ink-600">{part.description}</p>
              </div>
              <div className="w-full max-w-sm md:max-w-none lg:max-w-sm">
                <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
                  {phases[step.id]}
                </p>
                {step.title.toLowerCase() !== part.title.toLowerCase() && (
                  <h4 className="mt-2 text-lg font-semibold text-ink-900">{step.title}</h4>
                )}
                {/* The circle and the bullets tell the step on a phone; the sentence joins them from 640 px. */}
                <p className="mt-2 hidden text-sm leading-6 text-ink-600 sm:block">{step.description}</p>
                <CheckList items={step.features} size="small" className="mt-4 space-y-2" />
                <div className="mt-4">
                  <OfferingDetails offering={offerings[i]} />
                </div>
              </div>
            </li>
          )
        })}
      </ol>
      <div className="mt-stack grid gap-6 rounded-panel bg-ink-950 p-6 text-ink-300 sm:p-8 lg:grid-cols-[auto_minmax(0,1fr)_auto] lg:items-start">
        <IconTile icon={KeyRound} className="flex rounded-full bg-saffron-400/15 text-saffron-400" />
        <div>
          <h3 className="text-xl font-semibold text-white">{ownTalent.title}</h3>
          <p className="mt-2 max-w-2xl">
            <strong className="font-semibold text-white">Then it is yours.</strong> At 20 to 30 employees we
            help you set up your own subsidiary in India, and the legal entity, devices and assets transfer to
            you.
          </p>
          <div className="mt-4 max-w-2xl">
            <OfferingDetails offering={ownTalent} tone="dark" />
          </div>
        </div>
        <ButtonLink to="/solutions" variant="light" size="lg" className="justify-self-start">
          Explore All Services <ArrowRight aria-hidden="true" className="size-4" />
        </ButtonLink>
      </div>
    </Section>
  )
}
