import {
  ArrowRight,
  BadgeCheck,
  CalendarClock,
  ChartColumn,
  Megaphone,
  Search,
  ShieldCheck,
} from 'lucide-react'
import type { ReactNode } from 'react'
import { ButtonLink } from '@site/components/ui/ButtonLink.tsx'
import { CheckList } from '@site/components/ui/CheckList.tsx'
import { PageHero } from '@site/components/ui/PageHero.tsx'
import { Section } from '@site/components/ui/Section.tsx'
import { SectionHeading } from '@site/components/ui/SectionHeading.tsx'
import { platformFeatures, platformSections, type PlatformIcon } from '@site/content/platform.ts'
import {
  CentreDashboardScreen,
  InterviewCalendarScreen,
  PeopleOpsScreen,
  TalentSearchScreen,
  TeamPulseScreen,
} from '@site/features/platform/ProductScreens.tsx'
import { CtaBand } from '@site/features/marketing/CtaBand.tsx'

const icons: Record<PlatformIcon, typeof Search> = {
  search: Search,
  calendar: CalendarClock,
  megaphone: Megaphone,
  'badge-check': BadgeCheck,
  chart: ChartColumn,
  shield: ShieldCheck,
}

/** The product screens beside each platform area. */
const screens: Record<string, ReactNode> = {
  'talent-acquisition': (
    // The calendar overlaps the search on wider screens; a phone is too narrow for a week, so it shows the search.
    <div className="relative sm:pb-48">
      <TalentSearchScreen caption={false} className="sm:w-[92%]" />
      <InterviewCalendarScreen className="absolute right-0 bottom-0 hidden w-[72%] sm:block" />
      <p aria-hidden="true" className="mt-3 text-xs text-ink-500 sm:hidden">
        Illustrative data
      </p>
    </div>
  ),
  'talent-management': <PeopleOpsScreen />,
  'talent-retention': <TeamPulseScreen />,
}

export function Component() {
  return (
    <>
      <PageHero
        tone="light"
        eyebrow="Platform"
        title="Our Technology Platform"
        lead="One AI-enabled platform to find, hire, run and keep your team in India, from the first search to the monthly payslip."
        media={<CentreDashboardScreen />}
      >
        <ButtonLink to="/get-started" size="lg">
          Schedule a Demo <ArrowRight aria-hidden="true" className="size-4" />
        </ButtonLink>
      </PageHero>

      <Section tone="dark" labelledBy="features-title">
        <SectionHeading
          id="features-title"
          align="left"
          tone="dark"
          eyebrow="Features"
          title="Built for Hiring and Running Remote Teams"
        />
        <div className="mt-stack grid gap-px overflow-hidden rounded-panel bg-white/10 ring-1 ring-white/10 sm:grid-cols-2 lg:grid-cols-3">
          {platformFeatures.map((feature) => {
            const Icon = icons[feature.icon]
            return (
              <article key={feature.title} className="bg-ink-950 p-6 sm:p-8">
                <Icon aria-hidden="true" className="size-6 text-brand-300" />
                <h3 className="mt-4 font-semibold text-white">{feature.title}</h3>
                <p className="mt-2 text-sm leading-6 text-ink-300">{feature.description}</p>
              </article>
            )
          })}
        </div>
      </Section>

      {platformSections.map((section, i) => (
        <Section
          key={section.id}
          id={section.id}
          labelledBy={`${section.id}-title`}
          tone={i % 2 === 0 ? 'light' : 'tinted'}
        >
          <div className="grid items-center gap-12 lg:grid-cols-2 lg:gap-16">
            <div className={i % 2 === 1 ? 'lg:order-2' : ''}>
              <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">{`0${i + 1}`}</p>
              <h2
                id={`${section.id}-title`}
                className="mt-2 text-title font-bold tracking-tight text-ink-900"
              >
                {section.title}
              </h2>
              <p className="mt-4 text-lead text-ink-600">{section.description}</p>
              <CheckList items={section.features} className="mt-8 grid gap-3" />
              <ButtonLink to="/get-started" className="mt-8">
                Get Started <ArrowRight aria-hidden="true" className="size-4" />
              </ButtonLink>
            </div>
            <div className="min-w-0">{screens[section.id]}</div>
          </div>
        </Section>
      ))}

      <CtaBand />
    </>
  )
}
