import { Star } from 'lucide-react'
import { SectionHeading } from '@site/components/ui/SectionHeading.tsx'
import { testimonials } from '@site/content/testimonials.ts'

/** Three testimonial cards with five-star ratings; the quotes are sample content and say so. */
export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-title" className="bg-slate-50 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-6 lg:px-8">
        <SectionHeading
          id="testimonials-title"
          eyebrow="Testimonials"
          title="What building with us feels like"
        />
        <div className="mt-14 grid gap-6 lg:grid-cols-3">
          {testimonials.map((t) => (
            <figure
              key={t.author}
              className="flex flex-col rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200"
            >
              <div
                role="img"
                aria-label={`Rated ${t.rating} out of 5`}
                className="flex gap-0.5 text-amber-500"
              >
                {Array.from({ length: t.rating }, (_, i) => (
                  <Star key={i} aria-hidden="true" className="size-5 fill-current" />
                ))}
              </div>
              <blockquote className="mt-5 flex-1 text-base leading-7 text-slate-700">
                “{t.content}”
              </blockquote>
              <figcaption className="mt-6 flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="inline-flex size-11 items-center justify-center rounded-full bg-gradient-to-br from-indigo-500 to-violet-600 text-sm font-semibold text-white"
                >
                  {t.avatar}
                </span>
                <span>
                  <span className="block font-semibold text-slate-900">{t.author}</span>
                  <span className="block text-sm text-slate-600">{t.position}</span>
                </span>
              </figcaption>
            </figure>
          ))}
        </div>
        <p className="mt-8 text-center text-xs text-slate-600">
          Sample testimonials for illustration; names and companies are not real clients.
        </p>
      </div>
    </section>
  )
}
