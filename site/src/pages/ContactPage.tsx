import { ChevronDown, Mail } from 'lucide-react'
import { useState } from 'react'
import { brand } from '@shared/config/brand.ts'
import { ButtonLink } from '@site/components/ui/ButtonLink.tsx'
import { Collapsible } from '@site/components/ui/Collapsible.tsx'
import { PageHero } from '@site/components/ui/PageHero.tsx'
import { faqs } from '@site/content/faqs.ts'

/** FAQ at /contact (the header's "FAQs"): an accordion of the four questions, plus ways to reach us. */
export function Component() {
  const [openId, setOpenId] = useState<string | null>(faqs[0].id)
  return (
    <>
      <PageHero
        tone="light"
        eyebrow="FAQs"
        title="Frequently Asked Questions"
        lead="Straight answers to what founders and CTOs ask us first."
      />
      <section aria-label="Questions and answers" className="bg-white py-16 sm:py-20">
        <div className="mx-auto max-w-3xl px-6 lg:px-8">
          <div className="divide-y divide-ink-200 overflow-hidden rounded-2xl ring-1 ring-ink-200">
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
                      onClick={() => setOpenId(open ? null : faq.id)}
                      className="flex w-full items-center justify-between gap-4 px-6 py-5 text-left text-base font-semibold text-ink-900 hover:bg-ink-50"
                    >
                      {faq.question}
                      <ChevronDown
                        aria-hidden="true"
                        className={`size-5 shrink-0 text-ink-500 transition-transform duration-300 motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
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
          <div className="mt-12 rounded-2xl bg-ink-50 p-8 text-center ring-1 ring-ink-200">
            <h2 className="text-xl font-semibold text-ink-900">Still have questions?</h2>
            <p className="mt-2 text-ink-600">Tell us about your plans; we get back to you within 24 hours.</p>
            <div className="mt-6 flex flex-col items-center justify-center gap-3 sm:flex-row">
              <ButtonLink to="/get-started">Get Started</ButtonLink>
              <a
                href={`mailto:${brand.contactEmail}`}
                className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:text-brand-600"
              >
                <Mail aria-hidden="true" className="size-4" />
                {brand.contactEmail}
              </a>
            </div>
          </div>
        </div>
      </section>
    </>
  )
}
