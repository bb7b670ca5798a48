import {
  ArrowRight,
  BadgeCheck,
  CalendarClock,
  ChartColumn,
  CircleCheck,
  Megaphone,
  Search,
  ShieldCheck,
} from 'lucide-react'
import { ButtonLink } from '@site/components/ui/ButtonLink.tsx'
import { PageHero } from '@site/components/ui/PageHero.tsx'
import { SectionHeading } from '@site/components/ui/SectionHeading.tsx'
import { platformFeatures, platformSections, type PlatformIcon } from '@site/content/platform.ts'
import { CtaBand } from '@site/features/marketing/CtaBand.tsx'

const icons: Record<PlatformIcon, typeof Search> = {
  search: Search,
  calendar: CalendarClock,
  megaphone: Megaphone,
  'badge-check': BadgeCheck,
  chart: ChartColumn,
  shield: ShieldCheck,
}

export function Component() {
  return (
    <>
      <PageHero
        eyebrow="Platform"
        title="Our Technology Platform"
        lead="One AI-enabled platform to find, hire, run and keep your team in India, from the first search to the monthly payslip."
      >
        <ButtonLink to="/get-started" size="lg">
          Schedule a Demo <ArrowRight aria-hidden="true" className="size-4" />
        </ButtonLink>
      </PageHero>

      <section aria-labelledby="features-title" className="bg-white py-20 sm:py-24">
        <div className="mx-auto max-w-7xl px-6 lg:px-8">
          <SectionHeading
            id="features-title"
            eyebrow="Features"
            title="Built for hiring and running remote teams"
          />
          <div className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {platformFeatures.map((feature) => {
              const Icon = icons[feature.icon]
              return (
                <article
                  key={feature.title}
                  className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-200"
                >
                  <span className="inline-flex size-11 items-center justify-center rounded-xl bg-gradient-to-br from-brand-600 to-violet-600 text-white">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <h3 className="mt-5 text-lg font-semibold text-ink-900">{feature.title}</h3>
                  <p className="mt-2 text-sm leading-6 text-ink-600">{feature.description}</p>
                </article>
              )
            })}
          </div>
        </div>
      </section>

      {platformSections.map((section, i) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-title`}
          className={`${i % 2 === 0 ? 'bg-ink-50' : 'bg-white'} py-20 sm:py-24`}
        >
          <div className="mx-auto grid max-w-7xl items-center gap-10 px-6 lg:grid-cols-2 lg:px-8">
            <div>
              <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">{`0${i + 1}`}</p>
              <h2 id={`${section.id}-title`} className="mt-2 text-3xl font-bold tracking-tight text-ink-900">
                {section.title}
              </h2>
              <p className="mt-4 text-lg leading-8 text-ink-600">{section.description}</p>
              <ButtonLink to="/get-started" className="mt-8">
                Get Started <ArrowRight aria-hidden="true" className="size-4" />
              </ButtonLink>
            </div>
            <ul className="grid gap-3 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-200">
              {section.features.map((feature) => (
                <li key={feature} className="flex gap-3 text-ink-700">
                  <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
                  {feature}
                </li>
              ))}
            </ul>
          </div>
        </section>
      ))}

      <CtaBand />
    </>
  )
}
