import { ChevronLeft, ChevronRight, KeyRound, Rocket, Sparkles } from 'lucide-react'
import { useRef, type KeyboardEvent } from 'react'
import { accentClasses } from '@site/components/ui/accents.ts'
import { benefits } from '@site/content/benefits.ts'
import type { BenefitIcon } from '@site/content/types.ts'
import { useSwipeCarousel } from './useSwipeCarousel.ts'

const icons: Record<BenefitIcon, typeof Sparkles> = { sparkles: Sparkles, rocket: Rocket, key: KeyRound }

const arrowButton =
  'inline-flex size-11 items-center justify-center rounded-full bg-white/5 text-white ring-1 ring-white/20 transition hover:bg-white/10 active:scale-95'

/**
 * The three highlight cards: a row on desktop; below 768 px a centred, looping carousel (Embla) that
 * follows a swipe or a drag, the arrow keys when it has focus, and its two buttons. The neighbouring
 * cards peek in at the edges so it reads as something to swipe.
 */
export function HighlightCarousel() {
  const viewport = useRef<HTMLDivElement>(null)
  const { index, move, ready } = useSwipeCarousel(viewport, benefits.length)
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') move(1)
    else if (event.key === 'ArrowLeft') move(-1)
    else return
    event.preventDefault()
  }

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label="Highlights"
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-testid="highlight-carousel"
      data-swipe={ready ? 'ready' : undefined}
      className="-mx-6 rounded-2xl md:mx-0"
    >
      <div ref={viewport} className="relative overflow-hidden md:overflow-visible">
        <div className="flex touch-pan-y md:grid md:grid-cols-3 md:gap-6">
          {benefits.map((benefit, i) => {
            const Icon = icons[benefit.icon]
            const accent = accentClasses[benefit.colour]
            return (
              <div
                key={benefit.title}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${benefits.length}: ${benefit.title}`}
                data-active={i === index}
                className="min-w-0 shrink-0 grow-0 basis-[84%] px-2 md:basis-auto md:px-0"
              >
                <div className="h-full rounded-card bg-white/[0.04] p-6 ring-1 ring-white/10">
                  <span
                    className={`inline-flex size-11 items-center justify-center rounded-xl ${accent.icon}`}
                  >
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <h3 className="mt-5 text-lg font-semibold text-white">{benefit.title}</h3>
                  <ul className="mt-3 space-y-2 text-sm text-ink-300">
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
        <button type="button" onClick={() => move(-1)} className={arrowButton}>
          <ChevronLeft aria-hidden="true" className="size-5" />
          <span className="sr-only">Previous highlight</span>
        </button>
        <div className="flex items-center gap-2" aria-hidden="true">
          {benefits.map((b, i) => (
            <span
              key={b.title}
              className={`h-1.5 rounded-full transition-all duration-300 ${i === index ? 'w-6 bg-brand-300' : 'w-1.5 bg-ink-600'}`}
            />
          ))}
        </div>
        <p aria-live="polite" className="sr-only" data-testid="carousel-status">
          {index + 1} / {benefits.length}
        </p>
        <button type="button" onClick={() => move(1)} className={arrowButton}>
          <ChevronRight aria-hidden="true" className="size-5" />
          <span className="sr-only">Next highlight</span>
        </button>
      </div>
    </div>
  )
}
