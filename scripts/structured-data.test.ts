import { describe, expect, it } from 'vitest'
import { faqs } from '../site/src/content/faqs.ts'
import { faqPageJsonLd, scriptJson, structuredDataTags } from './structured-data.ts'

describe('structured data in the prerendered head', () => {
  it('describes the FAQ at /contact as FAQPage, with every question and answer as shown', () => {
    const tag = structuredDataTags('/contact')
    const json = /<script type="application\/ld\+json">(.*)<\/script>/.exec(tag)![1]!
    const data = JSON.parse(json) as ReturnType<typeof faqPageJsonLd>
    expect(data['@type']).toBe('FAQPage')
    expect(data.mainEntity.map((q) => [q.name, q.acceptedAnswer.text])).toEqual(
      faqs.map((f) => [f.question, f.answer]),
    )
    expect(structuredDataTags('/')).toBe('')
    expect(structuredDataTags('/solutions')).toBe('')
  })

  it('escapes < so no answer can close the script element', () => {
    const json = scriptJson(faqPageJsonLd([{ id: 'x', question: 'a</script><b>', answer: '<!-- c' }]))
    expect(json).not.toContain('<')
    expect(JSON.parse(json).mainEntity[0].name).toBe('a</script><b>')
  })
})
