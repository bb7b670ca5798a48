import { CircleCheck } from 'lucide-react'
import { SectionHeading } from '@site/components/ui/SectionHeading.tsx'
import { processSteps } from '@site/content/process-steps.ts'

/** How It Works: three numbered steps, four feature bullets each. */
export function HowItWorks() {
  return (
    <section aria-labelledby="how-title" className="bg-white py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-6 lg:px-8">
        <SectionHeading
          id="how-title"
          eyebrow="How It Works"
          title="From first hire to your own centre in three steps"
        />
        <ol className="mt-14 grid gap-8 lg:grid-cols-3">
          {processSteps.map((step, i) => (
            <li key={step.id} className="relative rounded-2xl bg-slate-50 p-8 ring-1 ring-slate-200">
              <span
                aria-hidden="true"
                className="inline-flex size-10 items-center justify-center rounded-full bg-gradient-to-br from-indigo-600 to-violet-600 text-sm font-bold text-white"
              >
                {i + 1}
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">
                <span className="sr-only">Step {i + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{step.description}</p>
              <ul className="mt-5 space-y-2.5">
                {step.features.map((feature) => (
                  <li key={feature} className="flex gap-2.5 text-sm text-slate-700">
                    <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-indigo-600" />
                    {feature}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}
