import { JSDOM } from 'jsdom'

/** Parses an XML document (a feed, a sitemap) as a strict XML parser would; throws on a parse error. */
export function parseXml(xml: string): Document {
  const doc = new JSDOM(xml, { contentType: 'application/xml' }).window.document
  const error = doc.getElementsByTagName('parsererror')[0]
  if (error) throw new Error(`Not well-formed XML: ${error.textContent ?? ''}`)
  return doc
}

/** The text of every element named `tag`, in document order. */
export const texts = (doc: Document, tag: string) =>
  [...doc.getElementsByTagName(tag)].map((e) => e.textContent ?? '')
