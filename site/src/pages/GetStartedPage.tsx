import { CalendarClock, ShieldCheck, Users } from 'lucide-react'
import { LeadForm } from '@site/features/leads/LeadForm.tsx'

const promises = [
  {
    icon: CalendarClock,
    title: 'Hire in 2 weeks',
    text: 'Not 2 months: screened candidates from the top 1% of tech talent.',
  },
  {
    icon: Users,
    title: 'Start with one engineer',
    text: 'Scale to a full capability centre at your own pace.',
  },
  {
    icon: ShieldCheck,
    title: 'Own it when you are ready',
    text: 'Transfer the entity, devices and assets to your own subsidiary.',
  },
]

/** /get-started: the lead form page (spec §2 "Lead form page"). */
export function Component() {
  return (
    <div className="relative isolate overflow-hidden bg-slate-50">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-96 bg-[radial-gradient(50rem_24rem_at_50%_-20%,rgba(99,102,241,0.25),transparent),radial-gradient(30rem_18rem_at_90%_0%,rgba(139,92,246,0.2),transparent)]"
      />
      <div className="mx-auto max-w-6xl px-6 py-16 sm:py-20 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h1 className="text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
            Let's Build Your Tech Team
          </h1>
          <p className="mt-4 text-lg text-pretty text-slate-600">
            Tell us about your requirements and we'll help you assemble the perfect team
          </p>
        </div>
        <div className="mt-12 grid gap-10 lg:grid-cols-[1fr_2fr] lg:items-start">
          <ul className="order-2 space-y-4 lg:order-1">
            {promises.map(({ icon: Icon, title, text }) => (
              <li
                key={title}
                className="flex gap-4 rounded-xl border border-slate-200 bg-white/70 p-5 shadow-sm"
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span>
                  <span className="block font-semibold text-slate-900">{title}</span>
                  <span className="mt-1 block text-sm text-slate-600">{text}</span>
                </span>
              </li>
            ))}
          </ul>
          <div className="order-1 lg:order-2">
            <LeadForm />
          </div>
        </div>
      </div>
    </div>
  )
}
