import { escapeHtml, unescapeHtml } from './html-escape.ts'
import { variantSourceOf, variantSrcSet, type VariantWidth } from './image-variants.ts'

/** Widths offered for an image in a post's body (the reading column is at most 720 px wide). */
const bodyWidths: readonly VariantWidth[] = [320, 480, 640, 960, 1280]
/** The reading column: the viewport less the page's padding, at most 45 rem (48 rem less 3 rem of padding). */
const bodySizes = '(min-width: 48rem) 45rem, calc(100vw - 3rem)'

/**
 * Images in a post's body (sanitised HTML) that the server can resize get a `srcset` of its variants, `sizes`
 * for the reading column, and load lazily without holding up the page; other images are left as they are.
 * Runs on the server after sanitising, so the HTML a visitor gets (and hydrates) already carries them.
 */
export function responsiveBodyImages(html: string, options: { storageUrl?: string } = {}): string {
  return html.replace(/<img\b([^>]*)>/gi, (tag, attributes: string) => {
    if (/\ssrcset=/i.test(attributes)) return tag
    const src = /\ssrc="([^"]*)"/i.exec(attributes)?.[1]
    if (!src) return tag
    const source = variantSourceOf(unescapeHtml(src), options)
    if (!source) return tag
    const extra = [
      `srcset="${escapeHtml(variantSrcSet(source, bodyWidths))}"`,
      `sizes="${bodySizes}"`,
      /\sloading=/i.test(attributes) ? '' : 'loading="lazy"',
      /\sdecoding=/i.test(attributes) ? '' : 'decoding="async"',
    ].filter(Boolean)
    const selfClosing = attributes.trimEnd().endsWith('/')
    const kept = selfClosing ? attributes.trimEnd().slice(0, -1).trimEnd() : attributes.trimEnd()
    return `<img${kept} ${extra.join(' ')}${selfClosing ? ' /' : ''}>`
  })
}
