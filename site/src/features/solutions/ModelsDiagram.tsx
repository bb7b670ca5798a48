import { Building2 } from 'lucide-react'

const seats = Array.from({ length: 16 }, (_, i) => i)

function Model({
  name,
  lead,
  sla,
  yours,
}: {
  name: string
  lead: string
  sla: string
  /** Seats of the 16 that are the client's: all of them in a dedicated company. */
  yours: number
}) {
  return (
    <div className="rounded-card bg-white/[0.04] p-5 ring-1 ring-white/10">
      <p className="flex items-center gap-2 text-sm font-semibold text-white">
        <Building2 className="size-4 text-brand-300" /> {name}
      </p>
      <p className="mt-1 text-xs text-ink-300">{lead}</p>
      <div className="mt-4 grid grid-cols-8 gap-1.5">
        {seats.map((i) => (
          <span
            key={i}
            className={`aspect-square rounded-full ${i < yours ? 'bg-brand-400' : 'bg-white/15'}`}
          />
        ))}
      </div>
      <p className="mt-4 inline-flex rounded-full bg-saffron-400/15 px-2.5 py-1 text-xs font-semibold text-saffron-400">
        {sla}
      </p>
    </div>
  )
}

/**
 * The two models at a glance, for the Solutions hero: in a TALENT BOT company every seat is yours; in a
 * Shared GCC your team sits beside other clients' teams and shares the employer, HR and workspace.
 */
export function ModelsDiagram() {
  return (
    <div
      role="img"
      aria-label="The two models side by side. TALENT BOT: a company created only for you, every seat is your team, onboarding in under 2 weeks. Shared GCC: your team shares the employer, HR and workspace with other clients, onboarding in under 4 weeks."
      className="grid gap-4 sm:grid-cols-2"
    >
      <Model name="TALENT BOT" lead="A company created only for you" sla="Onboarding < 2 weeks" yours={16} />
      <Model name="Shared GCC" lead="Your team in a shared setup" sla="Onboarding < 4 weeks" yours={5} />
      <p aria-hidden="true" className="flex items-center gap-4 text-xs text-ink-300 sm:col-span-2">
        <span className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-full bg-brand-400" /> Your team
        </span>
        <span className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-full bg-white/25" /> Other clients
        </span>
      </p>
    </div>
  )
}
