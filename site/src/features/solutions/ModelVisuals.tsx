import { Building2, FileSignature, Handshake, KeyRound, MoveRight, Rocket, UserRound } from 'lucide-react'
import type { ReactNode } from 'react'
import { Pill } from '@site/components/ui/Pill.tsx'

/**
 * A model drawn as a diagram: the drawing is illustrative (hidden from screen readers, which read
 * `description` instead), in a light panel like the product screens on /platform.
 */
function ModelFigure({
  title,
  description,
  children,
}: {
  title: string
  description: string
  children: ReactNode
}) {
  return (
    <figure data-testid="model-visual">
      <div
        aria-hidden="true"
        className="overflow-hidden rounded-panel bg-white text-ink-900 shadow-float ring-1 ring-ink-900/10 select-none"
      >
        <div className="flex items-center gap-2 border-b border-ink-100 bg-ink-50/80 px-5 py-3 text-xs font-semibold text-ink-600">
          <Building2 className="size-4 text-brand-600" />
          {title}
        </div>
        <div className="p-5 sm:p-6">{children}</div>
      </div>
      <figcaption className="sr-only">{description}</figcaption>
    </figure>
  )
}

const seat = 'aspect-square rounded-md'

/** TALENT BOT: a company that is only yours, its dedicated people, and the path from build to owning it. */
export function TalentBotVisual() {
  return (
    <ModelFigure
      title="Your company in India · TALENT BOT"
      description="Diagram of the TALENT BOT model: a company created only for you, where every seat is your team, with a dedicated HR business partner and talent acquisition team; it is built with onboarding in under 2 weeks, operated by us, and can be acquired by you as a whole company."
    >
      <div className="rounded-card bg-brand-50/70 p-4 ring-1 ring-brand-200">
        <p className="flex items-center justify-between text-xs font-semibold text-brand-800">
          Your Company Pvt. Ltd.
          <span className="rounded-full bg-white px-2 py-0.5 text-[11px] ring-1 ring-brand-200">
            100% your team
          </span>
        </p>
        <div className="mt-3 grid grid-cols-8 gap-1.5">
          {Array.from({ length: 16 }, (_, i) => (
            <span key={i} className={`${seat} bg-brand-500`} />
          ))}
        </div>
        <div className="mt-3 flex flex-wrap gap-2">
          <Pill>
            <Handshake className="size-3.5 text-brand-600" /> Dedicated HR business partner
          </Pill>
          <Pill>
            <UserRound className="size-3.5 text-brand-600" /> Dedicated talent acquisition
          </Pill>
        </div>
      </div>
      <ol className="mt-5 grid grid-cols-3 gap-2 text-center text-[11px] leading-4">
        {[
          { icon: Rocket, step: 'Build', text: 'Onboarding in < 2 weeks', tone: 'bg-brand-600 text-white' },
          {
            icon: FileSignature,
            step: 'Operate',
            text: 'We run HR, payroll, devices',
            tone: 'bg-violet-600 text-white',
          },
          {
            icon: KeyRound,
            step: 'Acquire',
            text: 'The whole company is yours',
            tone: 'bg-saffron-400 text-ink-950',
          },
        ].map(({ icon: Icon, step, text, tone }, i) => (
          <li key={step} className="relative flex flex-col items-center gap-1.5">
            {i > 0 && (
              <span className="absolute top-4 right-[calc(50%+1.25rem)] h-px w-[calc(100%-2.5rem+0.5rem)] bg-ink-200" />
            )}
            <span className={`flex size-8 items-center justify-center rounded-full ${tone}`}>
              <Icon className="size-4" />
            </span>
            <span className="font-semibold text-ink-900">{step}</span>
            <span className="text-ink-500">{text}</span>
          </li>
        ))}
      </ol>
    </ModelFigure>
  )
}

/** Which client each desk of the shared floor belongs to: 0 is you. */
const floor = [
  [0, 0, 0, 1, 1, 1],
  [0, 0, 0, 1, 1, 2],
  [3, 3, 2, 2, 2, 2],
  [3, 3, 3, 0, 0, 2],
]
const clientTone = ['bg-brand-500', 'bg-ink-200', 'bg-violet-200', 'bg-sky-200']

/** Shared GCC: your team on a common floor beside other clients, shared services, and the way out to your own subsidiary. */
export function SharedGccVisual() {
  return (
    <ModelFigure
      title="A shared centre · Shared GCC"
      description="Diagram of the Shared GCC model: your team works on a common floor beside other clients' teams, all employed by a shared employer of record and supported by shared HR, talent acquisition and project management staff; onboarding takes under 4 weeks, and your employees can transfer to your own subsidiary."
    >
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-4">
        <div className="rounded-card bg-ink-50 p-3 ring-1 ring-ink-200">
          <p className="text-[11px] font-semibold text-ink-600">Common workspace</p>
          <div className="mt-2 grid grid-cols-6 gap-1.5">
            {floor.flat().map((client, i) => (
              <span key={i} className={`${seat} ${clientTone[client]}`} />
            ))}
          </div>
          <p className="mt-3 flex flex-wrap gap-x-3 gap-y-1 text-[11px] text-ink-600">
            <span className="flex items-center gap-1">
              <span className="size-2.5 rounded-sm bg-brand-500" /> Your team
            </span>
            <span className="flex items-center gap-1">
              <span className="size-2.5 rounded-sm bg-violet-200" /> Other clients
            </span>
          </p>
        </div>
        <div className="flex flex-col items-center gap-1.5 pt-6 text-center text-[11px] leading-4">
          <MoveRight className="size-5 text-ink-400" />
          <span className="flex size-9 items-center justify-center rounded-full bg-saffron-400 text-ink-950">
            <KeyRound className="size-4" />
          </span>
          <span className="max-w-[6.5rem] font-semibold text-ink-900">Transfer to your subsidiary</span>
        </div>
      </div>
      <div className="mt-4 rounded-card border border-dashed border-ink-300 p-3">
        <p className="text-[11px] font-semibold text-ink-600">Shared by every team on the floor</p>
        <div className="mt-2 flex flex-wrap gap-1.5">
          {['Employer of record', 'HR', 'Talent acquisition', 'Project management'].map((service) => (
            <Pill key={service}>{service}</Pill>
          ))}
        </div>
      </div>
      <p className="mt-4 inline-flex rounded-full bg-saffron-100 px-2.5 py-1 text-[11px] font-semibold text-saffron-700">
        Onboarding in &lt; 4 weeks · same quality of hiring
      </p>
    </ModelFigure>
  )
}
