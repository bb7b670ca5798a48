import indiaHubs from '@site/assets/illustrations/india-hubs.svg'
import { hubLabels } from '@site/assets/illustrations/india-hubs-labels.ts'

const hubNames = hubLabels.map((hub) => hub.name)
const alt = `Map of India marking the tech hubs where we hire: ${hubNames.slice(0, -1).join(', ')} and ${hubNames.at(-1)}`

/**
 * The India map of the hero with its hubs named in the page's own type (Inter): the names sit over the drawn
 * map at the positions the drawing script computed, sized to the map's width (a container unit), so they
 * stay on their dots at any width.
 */
export function IndiaHubsMap({ className = '' }: { className?: string }) {
  return (
    <figure className={`@container relative ${className}`}>
      <img src={indiaHubs} width={526} height={535} alt={alt} className="w-full" />
      {hubLabels.map((hub) => (
        <span
          key={hub.name}
          aria-hidden="true"
          data-testid="map-label"
          className="absolute -translate-y-1/2 text-[2.85cqw] leading-none font-semibold whitespace-nowrap text-ink-200"
          style={
            hub.anchor === 'start'
              ? { left: `${hub.x}%`, top: `${hub.y}%` }
              : { right: `${100 - hub.x}%`, top: `${hub.y}%` }
          }
        >
          {hub.name}
        </span>
      ))}
    </figure>
  )
}

/** The phone's compact version under the headline: the map small beside the hubs it marks. */
export function IndiaHubsStrip({ className = '' }: { className?: string }) {
  return (
    <figure
      className={`flex items-center gap-4 rounded-2xl bg-white/[0.04] p-3 ring-1 ring-white/10 ${className}`}
    >
      <img src={indiaHubs} width={526} height={535} alt="" className="size-24 shrink-0" />
      <figcaption>
        <span className="text-sm font-semibold text-white">Hiring in India&rsquo;s tech hubs</span>
        <span className="mt-1 block text-sm leading-6 text-ink-300">{hubNames.join(' · ')}</span>
      </figcaption>
    </figure>
  )
}
