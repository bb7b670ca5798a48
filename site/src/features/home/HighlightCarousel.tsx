import { ChevronLeft, ChevronRight, KeyRound, Rocket, Sparkles } from 'lucide-react'
import { island } from '@site/islands/wake.ts'
import { accentClasses } from '@site/components/ui/accents.ts'
import { IconTile } from '@site/components/ui/IconTile.tsx'
import { benefits } from '@site/content/benefits.ts'
import type { BenefitIcon } from '@site/content/types.ts'

const icons: Record<BenefitIcon, typeof Sparkles> = { sparkles: Sparkles, rocket: Rocket, key: KeyRound }

const arrowButton =
  'inline-flex size-11 items-center justify-center rounded-full bg-white text-ink-800 ring-1 ring-ink-200 transition hover:bg-ink-50 active:scale-95'

/**
 * The three highlight cards: a row on desktop; below 768 px a centred, looping carousel (Embla) that
 * follows a swipe or a drag, the arrow keys when it has focus, and its two buttons. The neighbouring
 * cards peek in at the edges so it reads as something to swipe. Drawn with the first card selected; the
 * carousel's code (site/src/islands/carousel.ts, Embla included) wakes when it comes near the screen of a
 * phone, or on a touch or key inside it: wide screens, where the cards are a row, never download it.
 */
export function HighlightCarousel() {
  const index = 0

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label="Highlights"
      tabIndex={0}
      data-testid="highlight-carousel"
      {...island('carousel', 'small-visible')}
      className="-mx-6 rounded-2xl md:mx-0"
    >
      <div data-carousel-viewport className="relative overflow-hidden md:overflow-visible">
        <div className="flex touch-pan-y md:grid md:grid-cols-3 md:gap-6">
          {benefits.map((benefit, i) => {
            const accent = accentClasses[benefit.colour]
            return (
              <div
                key={benefit.title}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${benefits.length}: ${benefit.title}`}
                data-carousel-slide
                data-active={i === index}
                className="min-w-0 shrink-0 grow-0 basis-[84%] px-2 md:basis-auto md:px-0"
              >
                <div className={`h-full rounded-card p-6 ring-1 ${accent.soft} ${accent.ring}`}>
                  <IconTile icon={icons[benefit.icon]} className={`inline-flex rounded-xl ${accent.icon}`} />
                  <h3 className="mt-5 text-lg font-semibold text-ink-900">{benefit.title}</h3>
                  <ul className="mt-3 space-y-2 text-sm text-ink-700">
                    {benefit.points.map((point) => (
                      <li key={point} className="flex gap-2">
                        <span
                          aria-hidden="true"
                          className={`mt-2 size-1.5 shrink-0 rounded-full ${accent.icon}`}
                        />
                        {point}
                      </li>
                    ))}
                  </ul>
                </div>
              </div>
            )
          })}
        </div>
      </div>
      <div className="mt-5 flex items-center justify-center gap-4 md:hidden">
        <button type="button" data-carousel-step="-1" className={arrowButton}>
          <ChevronLeft aria-hidden="true" className="size-5" />
          <span className="sr-only">Previous highlight</span>
        </button>
        <div className="flex items-center gap-2" aria-hidden="true">
          {benefits.map((b, i) => (
            <span
              key={b.title}
              data-carousel-dot
              data-active={i === index}
              className="h-1.5 w-1.5 rounded-full bg-ink-300 transition-all duration-300 data-[active=true]:w-6 data-[active=true]:bg-brand-600"
            />
          ))}
        </div>
        <p aria-live="polite" className="sr-only" data-testid="carousel-status">
          {index + 1} / {benefits.length}
        </p>
        <button type="button" data-carousel-step="1" className={arrowButton}>
          <ChevronRight aria-hidden="true" className="size-5" />
          <span className="sr-only">Next highlight</span>
        </button>
      </div>
    </div>
  )
}
