import { ChevronDown } from 'lucide-react'
import { island } from '@site/islands/wake.ts'
import { accentClasses } from '@site/components/ui/accents.ts'
import { Collapsible } from '@site/components/ui/Collapsible.tsx'
import type { Offering } from '@site/content/types.ts'

/**
 * A service (spec: offering) as a "Learn more" expander: the button, then the service's description, its
 * features and details in an animated panel. On a dark band the panel keeps a light card.
 */
export function OfferingDetails({
  offering,
  tone = 'light',
}: {
  offering: Offering
  tone?: 'light' | 'dark'
}) {
  const panelId = `offering-${offering.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${tone}`
  const accent = accentClasses[offering.color]
  return (
    <div data-testid="offering" data-offering={offering.title} {...island('expanders', 'interaction')}>
      <button
        type="button"
        aria-expanded={false}
        aria-controls={panelId}
        className={`group inline-flex items-center gap-1 rounded-md text-sm font-semibold ${tone === 'dark' ? 'text-saffron-400' : accent.text}`}
      >
        Learn more
        <span className="sr-only"> about {offering.title}</span>
        <ChevronDown
          aria-hidden="true"
          className="size-4 transition-transform duration-300 group-aria-expanded:rotate-180 motion-reduce:transition-none"
        />
      </button>
      <Collapsible id={panelId} open={false} className="pt-3">
        <div className={`space-y-3 rounded-lg p-4 text-sm leading-6 text-ink-700 ${accent.soft}`}>
          <p>{offering.description}</p>
          <ul className="space-y-2">
            {offering.features.map((feature) => (
              <li key={feature.title}>
                <span className="font-medium text-ink-900">{feature.title}.</span> {feature.description}
              </li>
            ))}
          </ul>
          <p>{offering.details}</p>
        </div>
      </Collapsible>
    </div>
  )
}
