import { Clock3, Database, LockKeyhole, Sparkles } from 'lucide-react'
import { NumberedSteps } from '@site/components/ui/NumberedSteps.tsx'
import { Island } from '@site/islands/Island.tsx'
import { island } from '@site/islands/wake.ts'
import { LeadForm } from '@site/features/leads/LeadForm.tsx'

const nextSteps = [
  {
    title: 'We reply within 24 hours',
    text: 'A person on our team reads your requirements and gets back to you by email or phone.',
  },
  {
    title: 'We shape the team with you',
    text: 'Roles, seniority, stack and the model that fits: a dedicated TALENT BOT company or a Shared GCC.',
  },
  {
    title: 'You meet screened candidates',
    text: 'First hires in about 2 weeks, a full team in 4 to 6 weeks, starting with as few as one engineer.',
  },
]

const trustPoints = [
  { icon: Sparkles, text: 'The top 1% of tech talent, screened by domain experts' },
  { icon: Database, text: 'Over 10 million candidate profiles, searched with AI' },
  { icon: LockKeyhole, text: 'Your details are used only to answer your request' },
]

/**
 * /get-started: the lead form page (spec §2 "Lead form page"). Heading and form first; beside the form (below
 * it on a phone) what happens next, the 24-hour promise and why to trust us.
 */
export function Component() {
  return (
    <div className="bg-ink-50">
      <div className="mx-auto grid max-w-6xl gap-10 px-6 py-12 sm:py-16 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:grid-rows-[auto_1fr] lg:gap-x-16 lg:px-8 lg:py-20">
        <header className="lg:col-start-1 lg:row-start-1">
          <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Get started</p>
          <h1 className="mt-2 text-4xl font-bold tracking-tight text-balance text-ink-900 sm:text-5xl">
            Let's Build Your Tech Team
          </h1>
          <p className="mt-4 text-lg text-pretty text-ink-600">
            Tell us about your requirements and we'll help you assemble the perfect team
          </p>
        </header>

        {/* The email service is checked once the page is idle (spec §4); the form wakes on its first touch. */}
        <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1" {...island('email-check', 'idle')}>
          <Island name="lead-form" wake="interaction">
            <LeadForm />
          </Island>
        </div>

        <aside aria-labelledby="next-steps-title" className="lg:col-start-1 lg:row-start-2">
          <div className="rounded-2xl bg-ink-900 p-6 text-ink-300 sm:p-8">
            <p className="inline-flex items-center gap-2 rounded-full bg-emerald-400/10 px-3 py-1 text-sm font-semibold text-emerald-300 ring-1 ring-emerald-400/30">
              <Clock3 aria-hidden="true" className="size-4" />
              Answer within 24 hours
            </p>
            <h2 id="next-steps-title" className="mt-5 text-lg font-semibold text-white">
              What Happens Next
            </h2>
            <NumberedSteps items={nextSteps} tone="dark" className="mt-5 space-y-5" />
          </div>
          <ul className="mt-6 space-y-3 px-1">
            {trustPoints.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3 text-sm text-ink-700">
                <Icon aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
                {text}
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </div>
  )
}
