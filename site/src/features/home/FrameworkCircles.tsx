import { HeartHandshake, Settings2, UserSearch } from 'lucide-react'
import { SectionHeading } from '@site/components/ui/SectionHeading.tsx'
import { frameworkParts } from '@site/content/framework.ts'

const icons = [UserSearch, Settings2, HeartHandshake]
const tints = [
  'from-indigo-50 to-white ring-indigo-200 text-indigo-700',
  'from-violet-50 to-white ring-violet-200 text-violet-700',
  'from-sky-50 to-white ring-sky-200 text-sky-700',
]

/** The three-part framework: 300 px circles on desktop, 260 px stacked vertically below 768 px (spec §9). */
export function FrameworkCircles() {
  return (
    <section id="framework" aria-labelledby="framework-title" className="bg-white py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-6 lg:px-8">
        <SectionHeading
          id="framework-title"
          eyebrow="Our framework"
          title="One partner for the whole life of your team"
          lead="Most providers stop at the hire. We run the full cycle, so your centre keeps its people and becomes yours."
        />
        <ol className="mt-14 flex flex-col items-center justify-center gap-6 md:flex-row md:flex-wrap md:gap-8">
          {frameworkParts.map((part, i) => {
            const Icon = icons[i]
            return (
              <li
                key={part.title}
                data-testid="framework-circle"
                className={`flex size-[260px] shrink-0 flex-col items-center justify-center rounded-full bg-gradient-to-b p-8 text-center shadow-lg shadow-slate-200/60 ring-1 md:size-[300px] ${tints[i]}`}
              >
                <Icon aria-hidden="true" className="size-9" />
                <h3 className="mt-4 text-xl font-semibold text-slate-900">{part.title}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-600">{part.description}</p>
              </li>
            )
          })}
        </ol>
      </div>
    </section>
  )
}
