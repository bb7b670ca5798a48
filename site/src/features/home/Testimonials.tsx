import { Star } from 'lucide-react'
import { Section } from '@site/components/ui/Section.tsx'
import { testimonials } from '@site/content/testimonials.ts'

/**
 * Three testimonial cards with five-star ratings. The quotes are sample content (spec §1): the section
 * says so once, under its title, instead of labelling each card.
 */
export function Testimonials() {
  return (
    <Section tone="tinted" labelledBy="testimonials-title">
      <div className="max-w-2xl">
        <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Testimonials</p>
        <h2
          id="testimonials-title"
          className="mt-2 text-title font-bold tracking-tight text-balance text-ink-900"
        >
          What Building with Us Feels Like
        </h2>
        <p className="mt-3 text-sm text-ink-600">
          Sample quotes that illustrate the experience we aim for; the people and companies are not real
          clients.
        </p>
      </div>
      <div
        role="region"
        aria-label="Testimonials"
        tabIndex={0}
        className="relative -mx-6 mt-stack flex snap-x snap-mandatory scroll-px-6 gap-4 overflow-x-auto px-6 pb-2 lg:mx-0 lg:grid lg:grid-cols-3 lg:gap-6 lg:overflow-visible lg:px-0 lg:pb-0"
      >
        {testimonials.map((t, i) => (
          <figure
            key={t.author}
            className={`flex w-[85%] shrink-0 snap-start flex-col rounded-card p-8 sm:w-[60%] lg:w-auto shadow-card ring-1 ${
              i === 0 ? 'bg-ink-900 text-ink-200 ring-ink-900' : 'bg-white text-ink-700 ring-ink-200'
            }`}
          >
            <div role="img" aria-label={`Rated ${t.rating} out of 5`} className="flex gap-0.5 text-amber-400">
              {Array.from({ length: t.rating }, (_, j) => (
                <Star key={j} aria-hidden="true" className="size-5 fill-current" />
              ))}
            </div>
            <blockquote className="mt-5 flex-1 text-base leading-7">“{t.content}”</blockquote>
            <figcaption className="mt-6 flex items-center gap-3">
              <img
                src={t.avatar}
                alt=""
                width={48}
                height={48}
                loading="lazy"
                className="size-12 rounded-full"
              />
              <span>
                <span className={`block font-semibold ${i === 0 ? 'text-white' : 'text-ink-900'}`}>
                  {t.author}
                </span>
                <span className={`block text-sm ${i === 0 ? 'text-ink-400' : 'text-ink-600'}`}>
                  {t.position}
                </span>
              </span>
            </figcaption>
          </figure>
        ))}
      </div>
    </Section>
  )
}
