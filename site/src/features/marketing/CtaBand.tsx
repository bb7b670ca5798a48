import { ArrowRight, Clock3 } from 'lucide-react'
import { Backdrop } from '@site/components/ui/Backdrop.tsx'
import { ButtonLink } from '@site/components/ui/ButtonLink.tsx'

/** The closing call to action of the marketing pages: a full-width brand band above the footer. */
export function CtaBand({
  title = 'Ready to Build Your Tech Capacity Centre in India?',
  text = 'Tell us what you need. We reply within 24 hours with a plan for your first hires.',
}: {
  title?: string
  text?: string
}) {
  return (
    <section
      aria-labelledby="cta-title"
      className="relative isolate overflow-hidden bg-brand-700 px-6 py-16 sm:py-20 lg:px-8"
    >
      <Backdrop className="bg-[radial-gradient(40rem_20rem_at_100%_0%,rgba(167,139,250,0.45),transparent),radial-gradient(30rem_18rem_at_0%_100%,rgba(30,27,75,0.6),transparent)]" />
      <div className="mx-auto flex max-w-7xl flex-col gap-8 lg:flex-row lg:items-center lg:justify-between">
        <div className="max-w-2xl">
          <h2 id="cta-title" className="text-title font-bold tracking-tight text-balance text-white">
            {title}
          </h2>
          <p className="mt-4 text-lead text-brand-100">{text}</p>
        </div>
        <div className="flex shrink-0 flex-col items-start gap-3">
          <ButtonLink to="/get-started" variant="light" size="lg">
            Get Started <ArrowRight aria-hidden="true" className="size-4" />
          </ButtonLink>
          <p className="flex items-center gap-2 text-sm text-brand-100">
            <Clock3 aria-hidden="true" className="size-4" /> Answer within 24 hours
          </p>
        </div>
      </div>
    </section>
  )
}
