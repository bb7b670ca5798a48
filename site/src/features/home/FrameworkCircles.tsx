import { HeartHandshake, Settings2, UserSearch } from 'lucide-react'
import { Section } from '@site/components/ui/Section.tsx'
import { SectionHeading } from '@site/components/ui/SectionHeading.tsx'
import { frameworkParts } from '@site/content/framework.ts'

const icons = [UserSearch, Settings2, HeartHandshake]
const rings = [
  'from-brand-50 ring-brand-200 text-brand-700',
  'from-violet-50 ring-violet-200 text-violet-700',
  'from-sky-50 ring-sky-200 text-sky-700',
]

/**
 * The three-part framework as a diagram: 300 px circles (260 px below 768 px, spec §9), stacked and joined by
 * connectors, in one row once three fit side by side (1024 px).
 */
export function FrameworkCircles() {
  return (
    <Section id="framework" labelledBy="framework-title">
      <SectionHeading
        id="framework-title"
        eyebrow="Our framework"
        title="One partner for the whole life of your team"
        lead="Most providers stop at the hire. We run the full cycle, so your centre keeps its people and becomes yours."
      />
      <ol className="mt-stack flex flex-col items-center lg:flex-row lg:justify-center">
        {frameworkParts.map((part, i) => {
          const Icon = icons[i]
          return (
            <li key={part.title} className="flex flex-col items-center lg:flex-row">
              {i > 0 && (
                <span
                  aria-hidden="true"
                  className="h-8 w-px bg-gradient-to-b from-ink-300 to-ink-200 lg:h-px lg:w-10 lg:bg-gradient-to-r"
                />
              )}
              <div
                data-testid="framework-circle"
                className={`relative flex size-[260px] shrink-0 flex-col items-center justify-center rounded-full bg-gradient-to-b to-white p-8 text-center ring-1 md:size-[300px] ${rings[i]}`}
              >
                <span className="absolute top-5 text-xs font-semibold tracking-widest text-ink-500">
                  0{i + 1}
                </span>
                <Icon aria-hidden="true" className="size-9" />
                <h3 className="mt-4 text-xl font-semibold text-ink-900">{part.title}</h3>
                <p className="mt-2 text-sm leading-6 text-ink-600">{part.description}</p>
              </div>
            </li>
          )
        })}
      </ol>
    </Section>
  )
}
