/**
 * Critical CSS: a page keeps, inline, only the rules of the site's stylesheet that match its own markup, so
 * the HTML that reaches a phone first is small and paints without waiting for anything else; the whole
 * stylesheet (and the web font it declares) loads after the first paint (see `assetLoader`). Used by the
 * build for prerendered pages and by the server for pages rendered per request.
 *
 * Beasties decides which rules match. It takes 25–100 ms a page, so the result is remembered per page
 * signature (the set of tags, classes and state attributes in the markup): pages of one kind (every post
 * with the same elements, every /resources listing) share one computation.
 */
import { createHash } from 'node:crypto'
import Beasties from 'beasties'
import { fillTemplate } from './page-html.ts'

/** The template's one inline stylesheet (`pageTemplate`). */
const styleElement = /<style>([\s\S]*?)<\/style>/

/** Faces that need no download (the metric-matched local fallback of the web font): always kept. */
const localFontFaces = (css: string) =>
  (css.match(/@font-face\s*\{[^}]*\}/g) ?? []).filter((rule) => !/url\(/.test(rule)).join('')

/** A custom property's name where it is read: `var(--x`, a `@container style(--x…)`, `transition-property:--x`. */
const customPropertyName = /--[\w-]+/g
/** A custom property declared in a rule (after `{` or `;`), with its value and the `;` ending it, if any. */
const customDeclaration = /(?<=[{;])(--[\w-]+):((?:[^;{}"']|"[^"]*"|'[^']*')*);?/g
/** A registration (`@property --x{…}`). */
const propertyRule = /@property\s+(--[\w-]+)\s*\{[^}]*\}/g

/**
 * `css` without the custom properties nothing on the page reads: the theme declares every colour, size and
 * font of the site and the admin (~6 KB, a sixth of a page's critical CSS), a page reads a few dozen. A
 * property is kept when a kept rule or the page's markup (`style`, SVG attributes) reads it, or when the
 * value of a property that is kept reads it. Declarations that nothing reads change nothing on screen, and
 * the whole stylesheet (with all of them) follows the first paint.
 */
function withoutUnreadCustomProperties(css: string, markup: string): string {
  const values = new Map<string, string[]>()
  for (const [, name, value] of css.matchAll(customDeclaration)) {
    if (!values.has(name)) values.set(name, [])
    values.get(name)!.push(value)
  }
  const readers = css.replace(customDeclaration, '').replace(propertyRule, '')
  const read = new Set<string>()
  const pending = [
    ...(readers.match(customPropertyName) ?? []),
    ...[...markup.matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => m[1]),
  ]
  while (pending.length) {
    const name = pending.pop()!
    if (read.has(name)) continue
    read.add(name)
    for (const value of values.get(name) ?? []) pending.push(...(value.match(customPropertyName) ?? []))
  }
  let kept = css
    .replace(customDeclaration, (whole, name: string) => (read.has(name) ? whole : ''))
    .replace(propertyRule, (whole, name: string) => (read.has(name) ? whole : ''))
  // Rules and blocks left empty (`:root,:host{}`, `@supports (…){}`), innermost first.
  for (let before = ''; before !== kept;) {
    before = kept
    kept = kept.replace(/(^|[{};])[^{};]+\{\}/g, '$1')
  }
  return kept
}

const tagPattern = /<([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g
const attributePattern = /([^\s=/"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g
/** Attributes whose value a selector may test (Tailwind's `aria-*:`, `data-*:`, `open:` variants, `[type=…]`). */
const stateAttribute =
  /^(?:data-|aria-(?!label|describedby|controls|owns|activedescendant))|^(?:type|role|open|disabled|checked|selected|hidden|dir|lang|rel)$/

/** What a stylesheet's selectors can tell apart in `html`: tags, classes, attribute names and state values. */
export function pageSignature(html: string): string {
  const tokens = new Set<string>()
  for (const [, tag, attributes] of html.matchAll(tagPattern)) {
    tokens.add(tag.toLowerCase())
    for (const [, name, ...values] of attributes.matchAll(attributePattern)) {
      const value = values.find((v) => v !== undefined) ?? ''
      const key = name.toLowerCase()
      if (key === 'class') {
        for (const c of value.split(/\s+/)) if (c) tokens.add(`.${c}`)
      } else tokens.add(stateAttribute.test(key) ? `[${key}=${value}]` : `[${key}]`)
      // Custom properties read in inline styles keep theirs in the critical CSS.
      for (const [read] of value.matchAll(/var\(\s*--[\w-]+/g)) tokens.add(read)
    }
  }
  return createHash('sha256')
    .update([...tokens].sort().join('\n'))
    .digest('base64url')
}

export interface CriticalCss {
  /**
   * The page `fillTemplate(template, head, html, pageData)` makes, with the template's inline stylesheet
   * reduced to the rules the page's markup uses.
   */
  page(template: string, head: string, html: string, pageData?: unknown): Promise<string>
}

export function criticalCss({ maxEntries = 200 } = {}): CriticalCss {
  const beasties = new Beasties({
    logLevel: 'silent',
    // Only the inline stylesheet is reduced; the stylesheet link (in <noscript>) stays as it is.
    external: false,
    reduceInlineStyles: true,
    inlineFonts: false,
    preloadFonts: false,
    // Beasties cannot match selectors inside :where()/:is() (it strips them whole), which would drop
    // `[hidden]`, Tailwind's space-y/divide utilities and group variants, nor bare pseudo-elements
    // (the base styles' `::placeholder`, `::file-selector-button`): about 4 KB, always kept.
    allowRules: [/:(?:where|is)\(/, /^:/],
  })
  // Per page signature, the template with its stylesheet reduced (or the computation under way, so pages
  // arriving together compute once), least recent first; for one template at a time.
  const remembered = new Map<string, Promise<string>>()
  let rememberedFor: string | null = null
  const reduce = async (template: string, style: RegExpExecArray, full: string) => {
    try {
      const reduced = styleElement.exec(await beasties.process(full))?.[1] ?? style[1]
      const css = withoutUnreadCustomProperties(reduced, full.replace(styleElement, ''))
      return template.replace(style[0], () => `<style>${localFontFaces(style[1]) + css}</style>`)
    } catch {
      return template // markup Beasties cannot read keeps the whole stylesheet: slower to paint, never unstyled
    }
  }
  return {
    async page(template, head, html, pageData) {
      const style = styleElement.exec(template)
      if (!style) return fillTemplate(template, head, html, pageData)
      if (rememberedFor !== template) {
        remembered.clear()
        rememberedFor = template
      }
      // The template's own markup is the same on every page: the signature reads only what the page adds,
      // and a page is filled in once, into the reduced template (the whole stylesheet is 100 KB).
      const key = pageSignature(head + html)
      let reduced = remembered.get(key)
      if (reduced === undefined) {
        reduced = reduce(template, style, fillTemplate(template, head, html, pageData))
        if (remembered.size >= maxEntries) remembered.delete(remembered.keys().next().value!)
      } else remembered.delete(key)
      remembered.set(key, reduced)
      return fillTemplate(await reduced, head, html, pageData)
    },
  }
}
