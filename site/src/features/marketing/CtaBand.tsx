import { ArrowRight } from 'lucide-react'
import { ButtonLink } from '@site/components/ui/ButtonLink.tsx'

/** The closing call to action shared by the marketing pages. */
export function CtaBand({
  title = 'Ready to build your tech capacity centre in India?',
  text = 'Tell us what you need. We reply within 24 hours and can have your first engineers hired in 2 weeks.',
}: {
  title?: string
  text?: string
}) {
  return (
    <section aria-labelledby="cta-title" className="bg-white px-6 py-20 lg:px-8">
      <div className="relative isolate mx-auto max-w-5xl overflow-hidden rounded-3xl bg-gradient-to-br from-indigo-600 via-indigo-700 to-violet-700 px-6 py-14 text-center shadow-xl sm:px-16">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(30rem_15rem_at_80%_0%,rgba(255,255,255,0.18),transparent)]"
        />
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg leading-8 text-indigo-100">{text}</p>
        <div className="mt-8">
          <ButtonLink to="/get-started" variant="light" size="lg">
            Get Started <ArrowRight aria-hidden="true" className="size-4" />
          </ButtonLink>
        </div>
      </div>
    </section>
  )
}
