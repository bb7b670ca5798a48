import { faqs, type Faq } from '../site/src/content/faqs.ts'

/**
 * Structured data (JSON-LD) the prerender adds to a page's head beyond its title and Open Graph tags: the
 * FAQ at /contact as `FAQPage`, with the questions and answers exactly as the page shows them.
 */

/** JSON for a `<script>` block: `<` escaped, so no text in it can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}

export function faqPageJsonLd(items: Faq[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((faq) => ({
      '@type': 'Question',
      name: faq.question,
      acceptedAnswer: { '@type': 'Answer', text: faq.answer },
    })),
  }
}

/** Extra head tags of a prerendered page ('' for most), each a data block that never runs. */
export function structuredDataTags(pathname: string): string {
  if (pathname === '/contact')
    return `\n    <script type="application/ld+json">${scriptJson(faqPageJsonLd(faqs))}</script>`
  return ''
}
