import type { LegalDocument } from '@site/content/legal.ts'

/** Privacy and Terms share one readable long-form layout. */
export function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <article className="mx-auto max-w-3xl px-6 py-16 sm:py-20 lg:px-8">
      <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Legal</p>
      <h1 className="mt-2 text-4xl font-bold tracking-tight text-ink-900">{document.title}</h1>
      <p className="mt-3 text-sm text-ink-600">Last updated {document.updated}</p>
      <p className="mt-8 text-lg leading-8 text-ink-700">{document.intro}</p>
      {document.sections.map((section) => (
        <section key={section.heading} className="mt-10">
          <h2 className="text-xl font-semibold text-ink-900">{section.heading}</h2>
          {section.paragraphs.map((p) => (
            <p key={p} className="mt-3 leading-7 text-ink-700">
              {p}
            </p>
          ))}
          {section.list && (
            <ul className="mt-3 list-disc space-y-2 pl-6 leading-7 text-ink-700">
              {section.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </article>
  )
}
