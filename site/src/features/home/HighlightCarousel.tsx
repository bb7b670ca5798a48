import { ChevronLeft, ChevronRight, KeyRound, Rocket, Sparkles } from 'lucide-react'
import { useState, type KeyboardEvent } from 'react'
import { accentClasses } from '@site/components/ui/accents.ts'
import { benefits } from '@site/content/benefits.ts'
import type { BenefitIcon } from '@site/content/types.ts'
import { loopIndex } from './carousel.ts'

const icons: Record<BenefitIcon, typeof Sparkles> = { sparkles: Sparkles, rocket: Rocket, key: KeyRound }

/**
 * The three highlight cards: a row on desktop, a looping, centred one-card carousel below 768 px.
 * Left and right arrow keys move it when it has focus; the buttons do the same by pointer.
 */
export function HighlightCarousel() {
  const [index, setIndex] = useState(0)
  const move = (step: number) => setIndex((i) => loopIndex(i + step, benefits.length))
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
      className="rounded-2xl"
    >
      <div className="overflow-hidden md:overflow-visible">
        <div
          className="flex transition-transform duration-300 ease-out motion-reduce:transition-none md:grid md:grid-cols-3 md:gap-6 md:transform-none!"
          style={{ transform: `translateX(-${index * 100}%)` }}
        >
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
                className="w-full shrink-0 px-1 md:px-0"
              >
                <div className={`h-full rounded-2xl bg-white p-6 shadow-sm ring-1 ${accent.ring}`}>
                  <span
                    className={`inline-flex size-11 items-center justify-center rounded-xl ${accent.icon}`}
                  >
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <h3 className="mt-5 text-lg font-semibold text-slate-900">{benefit.title}</h3>
                  <ul className="mt-3 space-y-2 text-sm text-slate-600">
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
        <button
          type="button"
          onClick={() => move(-1)}
          className="inline-flex size-10 items-center justify-center rounded-full bg-white text-slate-700 shadow-sm ring-1 ring-slate-300"
        >
          <ChevronLeft aria-hidden="true" className="size-5" />
          <span className="sr-only">Previous highlight</span>
        </button>
        <p aria-live="polite" className="text-sm font-medium text-slate-700" data-testid="carousel-status">
          {index + 1} / {benefits.length}
        </p>
        <button
          type="button"
          onClick={() => move(1)}
          className="inline-flex size-10 items-center justify-center rounded-full bg-white text-slate-700 shadow-sm ring-1 ring-slate-300"
        >
          <ChevronRight aria-hidden="true" className="size-5" />
          <span className="sr-only">Next highlight</span>
        </button>
      </div>
    </div>
  )
}
