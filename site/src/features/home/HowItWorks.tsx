import { CircleCheck, KeyRound } from 'lucide-react'
import { Section } from '@site/components/ui/Section.tsx'
import { SectionHeading } from '@site/components/ui/SectionHeading.tsx'
import { processSteps } from '@site/content/process-steps.ts'

/** When each step happens: the figures of spec §1 (team built in 4 to 6 weeks, subsidiary at 20 to 30 people). */
const phases: Record<string, string> = {
  hire: 'Weeks 1 to 6 · Build',
  manage: 'From day one · Run',
  retain: 'Every month · Keep',
}

/**
 * How It Works as a timeline: build, run and keep, three steps with four feature bullets each, ending at
 * the moment the centre becomes the client's own.
 */
export function HowItWorks() {
  return (
    <Section labelledBy="how-title">
      <SectionHeading
        id="how-title"
        align="left"
        eyebrow="How It Works"
        title="From first hire to your own centre in three steps"
      />
      <ol className="relative mt-stack grid gap-12 before:absolute before:top-2 before:bottom-2 before:left-5 before:w-px before:bg-gradient-to-b before:from-brand-300 before:to-ink-200 lg:grid-cols-3 lg:gap-10 lg:before:top-5 lg:before:right-0 lg:before:bottom-auto lg:before:left-5 lg:before:h-px lg:before:w-auto lg:before:bg-gradient-to-r">
        {processSteps.map((step, i) => (
          <li key={step.id} className="relative pl-16 lg:pt-16 lg:pl-0">
            <span
              aria-hidden="true"
              className="absolute top-0 left-0 flex size-10 items-center justify-center rounded-full bg-white text-sm font-bold text-brand-700 shadow-card ring-2 ring-brand-600"
            >
              {i + 1}
            </span>
            <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{phases[step.id]}</p>
            <h3 className="mt-2 text-lg font-semibold text-ink-900">
              <span className="sr-only">Step {i + 1}: </span>
              {step.title}
            </h3>
            <p className="mt-2 text-sm leading-6 text-ink-600">{step.description}</p>
            <ul className="mt-5 space-y-2.5">
              {step.features.map((feature) => (
                <li key={feature} className="flex gap-2.5 text-sm text-ink-700">
                  <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
                  {feature}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
      <p className="mt-12 flex items-start gap-4 rounded-card bg-ink-950 p-6 text-ink-300 sm:items-center">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-saffron-400/15 text-saffron-400">
          <KeyRound aria-hidden="true" className="size-5" />
        </span>
        <span>
          <strong className="font-semibold text-white">Then it is yours.</strong> At 20 to 30 employees we
          help you set up your own subsidiary in India, and the legal entity, devices and assets transfer to
          you.
        </span>
      </p>
    </Section>
  )
}
