import { ChevronDown, Mail } from 'lucide-react'
import { island } from '@site/islands/wake.ts'
import { brand } from '@shared/config/brand.ts'
import { ButtonLink } from '@site/components/ui/ButtonLink.tsx'
import { Collapsible } from '@site/components/ui/Collapsible.tsx'
import { PageHero } from '@site/components/ui/PageHero.tsx'
import { faqs } from '@site/content/faqs.ts'

/** FAQ at /contact (the header's "FAQs"): an accordion of the four questions, plus ways to reach us. */
export function Component() {
  // The first answer is open as the page arrives; the rest is site/src/islands/expanders.ts.
  const openId = faqs[0].id
  return (
    <>
      <PageHero
        tone="light"
        eyebrow="FAQs"
        title="Frequently Asked Questions"
        lead="Straight answers to what founders and CTOs ask us first."
      />
      <section aria-label="Questions and answers" className="bg-white py-section">
        <div className="mx-auto grid max-w-7xl gap-10 px-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:gap-16 lg:px-8">
          <div
            className="divide-y divide-ink-200 self-start overflow-hidden rounded-card ring-1 ring-ink-200"
            data-accordion
            {...island('expanders', 'interaction')}
          >
            {faqs.map((faq) => {
              const open = openId === faq.id
              return (
                <div key={faq.id}>
                  <h2>
                    <button
                      type="button"
                      id={`faq-${faq.id}-button`}
                      aria-expanded={open}
                      aria-controls={`faq-${faq.id}`}
                      className="group flex w-full items-center justify-between gap-4 px-6 py-5 text-left text-base font-semibold text-ink-900 hover:bg-ink-50"
                    >
                      {faq.question}
                      <ChevronDown
                        aria-hidden="true"
                        className="size-5 shrink-0 text-ink-500 transition-transform duration-300 group-aria-expanded:rotate-180 motion-reduce:transition-none"
                      />
                    </button>
                  </h2>
                  <Collapsible
                    id={`faq-${faq.id}`}
                    role="region"
                    aria-labelledby={`faq-${faq.id}-button`}
                    open={open}
                    className="px-6 pb-6 text-base leading-7 text-ink-600"
                  >
                    {faq.answer}
                  </Collapsible>
                </div>
              )
            })}
          </div>
          <aside
            aria-labelledby="still-title"
            className="self-start rounded-panel bg-ink-950 p-8 text-ink-300 lg:sticky lg:top-28"
          >
            <h2 id="still-title" className="text-xl font-semibold text-white">
              Still Have Questions?
            </h2>
            <p className="mt-2">Tell us about your plans; we get back to you within 24 hours.</p>
            <div className="mt-6 flex flex-col items-start gap-4">
              <ButtonLink to="/get-started">Get Started</ButtonLink>
              <a
                href={`mailto:${brand.contactEmail}`}
                className="inline-flex items-center gap-2 text-sm font-semibold text-brand-300 hover:text-white"
              >
                <Mail aria-hidden="true" className="size-4" />
                {brand.contactEmail}
              </a>
            </div>
          </aside>
        </div>
      </section>
    </>
  )
}
