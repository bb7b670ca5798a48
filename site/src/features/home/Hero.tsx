import { ArrowRight, ChevronDown } from 'lucide-react'
import { Backdrop } from '@site/components/ui/Backdrop.tsx'
import { buttonClasses, ButtonLink } from '@site/components/ui/ButtonLink.tsx'
import { IndiaHubsMap, IndiaHubsStrip } from './IndiaHubsMap.tsx'
import { TypingHeadline } from './TypingHeadline.tsx'

const heroStats = [
  { value: 'Top 1%', label: 'of tech talent' },
  { value: '10M+', label: 'candidate profiles' },
  { value: '2 weeks', label: 'time to hire' },
  { value: '4–6 weeks', label: 'to build a team' },
]

export function Hero() {
  return (
    <section className="relative isolate overflow-hidden bg-ink-950">
      <Backdrop className="bg-[radial-gradient(70rem_35rem_at_50%_-15%,rgba(99,102,241,0.55),transparent),radial-gradient(40rem_25rem_at_85%_20%,rgba(139,92,246,0.35),transparent),radial-gradient(30rem_20rem_at_10%_60%,rgba(56,189,248,0.18),transparent)]" />
      <Backdrop className="bg-[linear-gradient(to_right,rgba(148,163,184,0.08)_1px,transparent_1px),linear-gradient(to_bottom,rgba(148,163,184,0.08)_1px,transparent_1px)] [mask-image:radial-gradient(ellipse_at_center,black_30%,transparent_75%)] bg-[size:48px_48px]" />
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-6 pt-16 pb-16 sm:pt-24 sm:pb-20 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,0.8fr)] lg:px-8">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-400/30 bg-brand-500/10 px-4 py-1.5 text-sm font-medium text-brand-200">
            <span className="size-1.5 rounded-full bg-emerald-400" aria-hidden="true" />
            AI-enabled, end to end: acquire, manage, retain, own
          </p>
          <div className="mt-8">
            <TypingHeadline />
          </div>
          <p className="mt-6 max-w-2xl text-lg leading-8 text-pretty text-ink-300">
            Hire pre-screened engineers in India, run your team on one platform, and grow from 1 employee to a
            full centre that you eventually own.
          </p>
          <div className="mt-10 flex gap-3">
            <ButtonLink to="/get-started" size="lg" className="flex-1 px-4! sm:flex-none sm:px-5!">
              Get Started <ArrowRight aria-hidden="true" className="size-4" />
            </ButtonLink>
            <a
              href="#framework"
              className={`${buttonClasses('secondary', 'lg')} flex-1 bg-white/5! px-4! text-white! ring-white/20! hover:bg-white/10! sm:flex-none sm:px-5!`}
            >
              Learn More <ChevronDown aria-hidden="true" className="size-4" />
            </a>
          </div>
          <IndiaHubsStrip className="mt-8 lg:hidden" />
          <dl className="mt-6 grid grid-cols-2 lg:mt-14 gap-px overflow-hidden rounded-2xl bg-white/10 ring-1 ring-white/10 sm:grid-cols-4">
            {heroStats.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse gap-1 bg-ink-950/60 px-4 py-5">
                <dt className="text-sm text-ink-400">{stat.label}</dt>
                <dd className="text-2xl font-semibold tracking-tight text-white">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <IndiaHubsMap className="mx-auto hidden w-full max-w-md lg:block" />
      </div>
    </section>
  )
}
